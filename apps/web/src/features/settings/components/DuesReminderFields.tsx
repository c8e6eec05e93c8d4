import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RUPEES_PATTERN, todayIn, coreMessages, settingsMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import { useAppSelector } from '@/lib/store/hooks';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { reminderPreview, SAMPLE_AMOUNT } from './reminder-preview';
import type { SettingsFormValues } from './settings-form-values';

const m = settingsMessages;

const wholeDays = (value: unknown, fallback: number) => {
  const days = Number(value);
  return Number.isInteger(days) && days >= 0 ? days : fallback;
};

/** The first price of the list, when it reads as rupees: the preview's amount. */
function firstPrice(rows: SettingsFormValues['price_list'] | undefined): number {
  const text = String(rows?.[0]?.price ?? '').trim();
  return RUPEES_PATTERN.test(text) && Number(text) > 0 ? Number(text) : SAMPLE_AMOUNT;
}

/** The live preview of the reminder template, on sample values. */
function ReminderPreview() {
  const form = useFormContext<SettingsFormValues>();
  const [template, upiId, payee, expiringDays, priceList] = useWatch({
    control: form.control,
    name: ['reminder_template', 'upi_id', 'upi_payee_name', 'dues_expiring_days', 'price_list'],
  });
  const library = useAppSelector((state) => state.auth.userData?.library.name) ?? coreMessages.app.name;
  const timeZone = useLibraryTimeZone();
  const text = reminderPreview({
    template: String(template ?? ''),
    library,
    upiId: String(upiId ?? ''),
    payee: String(payee ?? ''),
    today: todayIn(timeZone),
    expiringDays: wholeDays(expiringDays, 0),
    amount: firstPrice(priceList),
  });
  return (
    <Box component="section" aria-labelledby="reminder-preview-title" sx={{ minWidth: 0 }}>
      <Typography id="reminder-preview-title" variant="subtitle2" component="h3">
        {m.preview}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {m.previewHelp}
      </Typography>
      <Box
        data-testid="reminder-preview"
        sx={{
          p: 1.5,
          borderRadius: 2,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          typography: 'body2',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

/** The dues windows, the reminder template with its preview, and the automatic push switch. */
export function DuesReminderFields() {
  const form = useFormContext<SettingsFormValues>();
  const expiring = fieldProps(form, 'dues_expiring_days');
  const grace = fieldProps(form, 'dues_grace_days');
  const template = fieldProps(form, 'reminder_template');
  return (
    <Box sx={{ display: 'grid', rowGap: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}>
        <TextField
          {...expiring}
          label={m.expiringDays}
          type="number"
          helperText={expiring.error ? expiring.helperText : m.expiringDaysHelp}
          slotProps={{ htmlInput: { min: 1, max: 60, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          {...grace}
          label={m.graceDays}
          type="number"
          helperText={grace.error ? grace.helperText : m.graceDaysHelp}
          slotProps={{ htmlInput: { min: 0, max: 60, step: 1, inputMode: 'numeric' } }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
        <TextField
          {...template}
          label={m.reminderTemplate}
          multiline
          minRows={4}
          helperText={template.error ? template.helperText : m.reminderTemplateHelp}
        />
        <ReminderPreview />
      </Box>
      <Controller
        control={form.control}
        name="auto_push_reminders"
        render={({ field }) => (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  name={field.name}
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': 'auto-push-help' } }}
                />
              }
              label={m.autoPush}
            />
            <FormHelperText id="auto-push-help" sx={{ mt: 0 }}>
              {m.autoPushHelp}
            </FormHelperText>
          </Box>
        )}
      />
    </Box>
  );
}
