import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, privacyMessages, coreMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import { useAppSelector } from '@/lib/store/hooks';
import type { SettingsFormValues } from './settings-form-values';

const m = privacyMessages.settings;

/** The retention typed so far, when it reads as whole days; else the default (for the default notice's text). */
function retentionOf(value: unknown): number {
  const days = Number(value);
  return String(value ?? '').trim() !== '' && Number.isInteger(days) && days >= 0 && days <= MAX_RETENTION_DAYS
    ? days
    : DEFAULT_RETENTION_DAYS;
}

/**
 * Privacy (issue 19): the notice students agree to before their identity documents are kept
 * (empty: the default, shown as the box's placeholder with the library's name and the
 * retention typed), the days after leaving before the documents are erased, and whether the
 * last four Aadhaar digits stay for the books.
 */
export function PrivacyFields() {
  const form = useFormContext<SettingsFormValues>();
  const notice = fieldProps(form, 'privacy_notice');
  const retention = fieldProps(form, 'retention_days');
  const [noticeText, retentionDays] = useWatch({ control: form.control, name: ['privacy_notice', 'retention_days'] });
  const library = useAppSelector((state) => state.auth.userData?.library.name) ?? coreMessages.app.name;
  const defaultNotice = privacyMessages.defaultNotice(library, retentionOf(retentionDays));
  const usingDefault = String(noticeText ?? '').trim() === '';
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {m.subtitle}
      </Typography>
      <Box>
        <TextField
          {...notice}
          label={m.notice}
          multiline
          minRows={5}
          fullWidth
          placeholder={defaultNotice}
          helperText={notice.error ? notice.helperText : m.noticeHelp}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          size="small"
          startIcon={<RestartAltRounded />}
          disabled={usingDefault}
          onClick={() => form.setValue('privacy_notice', '', { shouldDirty: true, shouldValidate: true })}
          sx={{ mt: 0.5 }}
        >
          {m.restoreDefault}
        </Button>
      </Box>
      <TextField
        {...retention}
        label={m.retentionDays}
        type="number"
        helperText={retention.error ? retention.helperText : m.retentionHelp}
        slotProps={{ htmlInput: { min: 0, max: MAX_RETENTION_DAYS, step: 1, inputMode: 'numeric' } }}
        sx={{ maxWidth: { sm: 360 } }}
      />
      <Controller
        control={form.control}
        name="keep_aadhaar_last4"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={m.keepLast4}
          />
        )}
      />
    </Stack>
  );
}
