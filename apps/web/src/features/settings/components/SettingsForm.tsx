import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  librarySettingsSchema,
  type LibrarySettings,
  type LibrarySettingsRecord,
  teamScreenMessages,
  privacyMessages,
  deskMessages,
  settingsMessages,
} from '@app/shared';
import { applyFieldErrors } from '@/lib/form';
import { useSaveSettings } from '../hooks/use-save-settings';
import { DuesReminderFields } from './DuesReminderFields';
import { GstFields } from './GstFields';
import { PriceListEditor } from './PriceListEditor';
import { CheckInFields } from './CheckInFields';
import { DeskFields } from './DeskFields';
import { PrivacyFields } from './PrivacyFields';
import { ReceiptFields } from './ReceiptFields';
import { formValuesOf, settingsFieldNames, type SettingsFormValues } from './settings-form-values';
import { SettingsSection } from './SettingsSection';
import { UpiFields } from './UpiFields';

const m = settingsMessages;

/**
 * The settings form: UPI, dues and reminders, the price list, the receipts' prefix, GST, check-in, the desk,
 * privacy (issue 19). The shared schema checks it
 * before it is sent (the one the API checks with); the server's reasons land under the
 * fields they name, a price row's included (`price_list.2.duration`).
 */
export function SettingsForm({ settings }: { settings: LibrarySettingsRecord }) {
  const form = useForm<SettingsFormValues, unknown, LibrarySettings>({
    resolver: zodResolver(librarySettingsSchema),
    defaultValues: formValuesOf(settings),
  });
  const { save, isSaving } = useSaveSettings();
  const busy = isSaving || form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await save(body);
    if (outcome.saved) {
      // What the server keeps (trimmed, rows as stored) becomes the form's new starting point.
      form.reset(outcome.settings ? formValuesOf(outcome.settings) : form.getValues());
      return;
    }
    applyFieldErrors(form, outcome.fieldErrors, settingsFieldNames(form.getValues('price_list').length));
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={m.title}>
        <Stack spacing={3}>
          <SettingsSection id="settings-upi" title={m.sections.upi}>
            <UpiFields />
          </SettingsSection>
          <SettingsSection id="settings-dues" title={m.sections.dues}>
            <DuesReminderFields />
          </SettingsSection>
          <SettingsSection id="settings-prices" title={m.sections.priceList}>
            <PriceListEditor />
          </SettingsSection>
          <SettingsSection id="settings-receipts" title={m.sections.receipts}>
            <ReceiptFields />
          </SettingsSection>
          <SettingsSection id="settings-gst" title={m.sections.gst}>
            <GstFields />
          </SettingsSection>
          <SettingsSection id="settings-check-in" title={deskMessages.settings.title}>
            <CheckInFields />
          </SettingsSection>
          <SettingsSection id="settings-desk" title={teamScreenMessages.settings.title}>
            <DeskFields />
          </SettingsSection>
          <SettingsSection id="settings-privacy" title={privacyMessages.settings.heading}>
            <PrivacyFields />
          </SettingsSection>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={busy}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              {busy ? m.saving : m.save}
            </Button>
          </Box>
        </Stack>
      </Box>
    </FormProvider>
  );
}
