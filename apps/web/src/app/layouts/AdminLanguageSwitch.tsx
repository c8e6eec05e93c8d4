import { useCallback, useEffect } from 'react';
import { languageMessages, type Language } from '@app/shared';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useSaveLanguageMutation } from '@/features/auth/api/auth-api';
import { errorMessage } from '@/lib/api-errors';
import { adoptServerLanguage, languageField } from '@/lib/language-switch';
import { useAppSelector } from '@/lib/store/hooks';
import { toast } from '@/lib/toast';

/** Saves the signed-in admin's language on the server; a failure is toasted and answered `false`. */
export function useSaveAdminLanguage(): (language: Language) => Promise<boolean> {
  const [saveLanguage] = useSaveLanguageMutation();
  return useCallback(
    async (language: Language) => {
      const result = await saveLanguage(language);
      if (!result.error) return true;
      toast.error(errorMessage(result.error, languageMessages.saveFailed));
      return false;
    },
    [saveLanguage],
  );
}

/**
 * Adopts the language of a signed-in admin's `/auth/me` answer (issue 20): none chosen yet gets
 * this device's, another than this device's becomes this page's after a reload.
 */
export function useAdoptAdminLanguage(me: unknown): void {
  // In the background: a failure shows nothing (the next start tries again).
  const [save] = useSaveLanguageMutation();
  const language = languageField(me);
  useEffect(() => void adoptServerLanguage(language, save), [language, save]);
}

/** The language switch of the admin app's pages: a signed-in admin's choice is saved on the server too. */
export function AdminLanguageSwitch() {
  const signedIn = useAppSelector((state) => state.auth.status);
  const save = useSaveAdminLanguage();
  return <LanguageSwitch save={signedIn ? save : undefined} />;
}
