import type { Control, FieldValues, Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { SelectField } from '@/components/SelectField';
import { GST_STATE_CODES, GST_STATES, type GstStateCode, receiptMessages } from '@app/shared';

const r = receiptMessages;

/**
 * The place of supply of a tax invoice (issue 14): a GST state, the library's own by default
 * (CGST and SGST); another state makes the invoice IGST.
 */
export function PlaceOfSupplyField<T extends FieldValues, Context, Output>({
  control,
  name,
  libraryState,
}: {
  control: Control<T, Context, Output>;
  name: Path<T>;
  libraryState: GstStateCode;
}) {
  return (
    <SelectField control={control} name={name} label={r.placeOfSupply} help={() => r.placeOfSupplyHelp}>
      {GST_STATE_CODES.map((code) => (
        <MenuItem key={code} value={code}>
          {code === libraryState
            ? r.placeOfSupplyDefault(r.tax.stateValue(code, GST_STATES[code]))
            : r.tax.stateValue(code, GST_STATES[code])}
        </MenuItem>
      ))}
    </SelectField>
  );
}
