import { useCallback } from 'react';
import type { Language } from '@app/shared';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { studentApi } from '../api/calls';
import { readStudentSession } from '../api/session';

/**
 * The student app's language switch (issue 20): a signed-in student's choice is saved with their
 * sign-in too; a failure is shown under the switch's own alert (the app has no toasts).
 */
export function StudentLanguageSwitch({ onError }: { onError?: (message: string) => void }) {
  const save = useCallback(
    async (language: Language) => {
      try {
        await studentApi.saveLanguage(language);
        return true;
      } catch (failure) {
        onError?.(failure instanceof Error ? failure.message : String(failure));
        return false;
      }
    },
    [onError],
  );
  return <LanguageSwitch save={readStudentSession() ? save : undefined} />;
}
