import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { teamScreenMessages, teamMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import type { SettingsFormValues } from './settings-form-values';

const d = teamScreenMessages.settings;

/** The desk's discount limit (issue 16): the most below the price list desk staff may charge. */
export function DeskFields() {
  const form = useFormContext<SettingsFormValues>();
  const limit = fieldProps(form, 'desk_max_discount');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {d.description}
      </Typography>
      <TextField
        {...limit}
        label={teamMessages.deskMaxDiscount}
        helperText={limit.error ? limit.helperText : d.deskMaxDiscountHelp}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: { sm: 320 } }}
      />
    </Stack>
  );
}
