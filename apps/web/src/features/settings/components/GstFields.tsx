import { useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { GST_STATES, gstinSchema, gstinState, settingsMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import type { SettingsFormValues } from './settings-form-values';

const m = settingsMessages;
const GSTIN_LENGTH = 15;

/**
 * What the GSTIN typed so far says, checked as it is typed (the shared `gstinSchema`: format,
 * state code, check character): nothing while it is empty or still being typed, its problem
 * once it is 15 characters long or the field is left, else the state it is registered in.
 */
export function gstinFeedback(typed: string, left: boolean): { problem?: string; state?: string } {
  const gstin = typed.replace(/\s+/g, '').toUpperCase();
  if (gstin === '' || (gstin.length < GSTIN_LENGTH && !left)) return {};
  const checked = gstinSchema.safeParse(gstin);
  if (!checked.success) return { problem: checked.error.issues[0]?.message ?? m.gstinInvalid };
  const state = gstinState(gstin);
  return { state: state ? GST_STATES[state] : undefined };
}

/**
 * GST registration (issue 14): with a GSTIN every receipt becomes a tax invoice at the rate
 * set here, under the SAC set here. Saved with the rest of the settings.
 */
export function GstFields() {
  const form = useFormContext<SettingsFormValues>();
  const gstin = fieldProps(form, 'gstin');
  const rate = fieldProps(form, 'gst_rate');
  const sac = fieldProps(form, 'sac');
  const typed = String(useWatch({ control: form.control, name: 'gstin' }) ?? '');
  const left = form.getFieldState('gstin', form.formState).isTouched;
  const feedback = gstinFeedback(typed, left);
  const problem = gstin.error ? gstin.helperText : feedback.problem;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        {...gstin}
        label={m.gstin}
        error={Boolean(problem)}
        helperText={problem ?? (feedback.state ? m.gstinState(feedback.state) : m.gstinHelp)}
        autoComplete="off"
        sx={{ maxWidth: { sm: 420 } }}
        slotProps={{
          htmlInput: {
            spellCheck: false,
            autoCapitalize: 'characters',
            maxLength: 20,
            style: { textTransform: 'uppercase' },
          },
        }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1 }}>
        <TextField
          {...rate}
          label={m.gstRate}
          helperText={rate.error ? rate.helperText : m.gstRateHelp}
          type="number"
          slotProps={{
            htmlInput: { min: 0, max: 40, step: 0.01, inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
        />
        <TextField
          {...sac}
          label={m.sac}
          helperText={sac.error ? sac.helperText : m.sacHelp}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric', spellCheck: false, maxLength: 6 } }}
        />
      </Box>
    </Box>
  );
}
