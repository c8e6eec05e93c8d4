import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { MODES_NEEDING_REFERENCE, type PaymentMode, paymentMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';

const m = paymentMessages;

/** Whether a payment in `mode` names its transfer (UPI UTR, bank reference). */
export function modeNeedsReference(mode: string): boolean {
  return (MODES_NEEDING_REFERENCE as readonly string[]).includes(mode);
}

/** What the reference is in `mode`: the UPI UTR, the bank's reference, the cheque number, or optional. */
export function referenceHelp(mode: string): string {
  return mode === 'UPI' || mode === 'Bank Transfer' || mode === 'Cheque'
    ? m.referenceHelp[mode]
    : m.referenceHelp.other;
}

/**
 * A payment's reference, its help naming what it is in the chosen mode. `required` marks it
 * so for UPI and bank transfers (the payments call needs it there; the subscription dialogs do not).
 */
export function PaymentReferenceField<T extends FieldValues, Context, Output>({
  form,
  name,
  mode,
  required,
}: {
  form: UseFormReturn<T, Context, Output>;
  name: Path<T>;
  mode: PaymentMode;
  required: boolean;
}) {
  const field = fieldProps(form, name);
  const error = field.error ? field.helperText : undefined;
  return (
    <TextField
      {...field}
      label={m.reference}
      required={required && modeNeedsReference(mode)}
      helperText={error ?? referenceHelp(mode)}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          inputMode: mode === 'UPI' ? 'numeric' : 'text',
          autoCapitalize: 'characters',
          spellCheck: false,
          maxLength: 40,
        },
      }}
    />
  );
}
