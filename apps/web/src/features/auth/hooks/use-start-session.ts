import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { coreMessages } from '@app/shared';
import { envelopeMessage, type ApiEnvelope } from '@/lib/api-errors';
import { adoptServerLanguage, languageField } from '@/lib/language-switch';
import { parseSession, writeSession } from '@/lib/session';
import { login } from '@/lib/store/auth-slice';
import { useAppDispatch } from '@/lib/store/hooks';
import { useSaveLanguageMutation } from '../api/auth-api';

/**
 * Handles a login or registration answer (SPEC.md §5, §8): on `status: true` store the
 * admin, sign in and open the dashboard; otherwise show the server's message.
 * Returns whether the admin is now signed in.
 */
export function useStartSession(fallbackError: string) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [saveLanguage] = useSaveLanguageMutation();

  return useCallback(
    (response: ApiEnvelope): boolean => {
      const session = response.status === true ? parseSession(response.data) : null;
      if (!session) {
        toast.error(envelopeMessage(response) ?? fallbackError);
        return false;
      }
      writeSession(session);
      dispatch(login(session));
      // Issue 20: the person's own language wins over this device's, and reloads the page in it
      // (at the dashboard); none chosen yet, this device's becomes theirs.
      const reloading = adoptServerLanguage(languageField(response.data), saveLanguage);
      if (!reloading) toast.success(coreMessages.auth.loggedIn);
      navigate('/app/dashboard', { replace: true });
      return true;
    },
    [dispatch, navigate, fallbackError, saveLanguage],
  );
}
