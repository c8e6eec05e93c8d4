import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { deskMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import type { SettingsFormValues } from './settings-form-values';

const c = deskMessages.settings;

/**
 * What the desk's Check-in screen lets in (issue 15): the largest balance a student may owe
 * (blank: never refused for money) and how many minutes before their daily window they may come.
 */
export function CheckInFields() {
  const form = useFormContext<SettingsFormValues>();
  const maxDue = fieldProps(form, 'checkin_max_due');
  const early = fieldProps(form, 'checkin_early_minutes');
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {c.description}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...maxDue}
          label={c.maxDue}
          helperText={maxDue.error ? maxDue.helperText : c.maxDueHelp}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1 }}
        />
        <TextField
          {...early}
          label={c.earlyMinutes}
          helperText={early.error ? early.helperText : c.earlyMinutesHelp}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
      </Stack>
    </Stack>
  );
}
