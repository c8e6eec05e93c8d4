import { useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { settingsMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import type { SettingsFormValues } from './settings-form-values';

const m = settingsMessages;

/** The UPI ID (VPA) students pay to and the name their UPI apps show. */
export function UpiFields() {
  const form = useFormContext<SettingsFormValues>();
  const upi = fieldProps(form, 'upi_id');
  const payee = fieldProps(form, 'upi_payee_name');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}>
      <TextField
        {...upi}
        label={m.upiId}
        helperText={upi.error ? upi.helperText : m.upiIdHelp}
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      <TextField
        {...payee}
        label={m.payeeName}
        helperText={payee.error ? payee.helperText : m.payeeNameHelp}
        autoComplete="organization"
      />
    </Box>
  );
}
