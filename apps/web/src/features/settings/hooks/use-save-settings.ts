import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import {
  librarySettingsRecordSchema,
  TOAST_MS,
  type FieldError,
  type LibrarySettings,
  type LibrarySettingsRecord,
  settingsMessages,
} from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrors } from '@/lib/entity-actions';
import { useSaveSettingsMutation } from '../api/settings-api';

const m = settingsMessages;
const options = { autoClose: TOAST_MS.default };

/** What a save came to: the settings as saved, or the server's per-field reasons (possibly none). */
export type SettingsSaveOutcome =
  { saved: true; settings: LibrarySettingsRecord | undefined } | { saved: false; fieldErrors: FieldError[] };

/** Saves the settings: "Settings saved", else the server's reason or "Failed to save settings". */
export function useSaveSettings() {
  const [saveCall, { isLoading }] = useSaveSettingsMutation();
  const save = useCallback(
    async (body: LibrarySettings): Promise<SettingsSaveOutcome> => {
      try {
        const answer = await saveCall(body).unwrap();
        toast.success(m.saved, options);
        return { saved: true, settings: librarySettingsRecordSchema.safeParse(answer).data };
      } catch (error) {
        toast.error(errorMessage(error, m.saveFailed), options);
        return { saved: false, fieldErrors: fieldErrors(error) };
      }
    },
    [saveCall],
  );
  return { save, isSaving: isLoading };
}
