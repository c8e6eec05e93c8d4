import type { Control, FieldValues, Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { PAYMENT_MODES } from '@app/shared';
import { paymentModeName } from './payment-mode';
import { SelectField } from './SelectField';

/** How a payment was made (SPEC.md §3 payment modes), as a required select wired to a form field. */
export function PaymentModeField<T extends FieldValues, Context, Output>({
  control,
  name,
  label,
}: {
  control: Control<T, Context, Output>;
  name: Path<T>;
  label: string;
}) {
  return (
    <SelectField control={control} name={name} label={label}>
      {PAYMENT_MODES.map((option) => (
        <MenuItem key={option} value={option}>
          {paymentModeName(option)}
        </MenuItem>
      ))}
    </SelectField>
  );
}
