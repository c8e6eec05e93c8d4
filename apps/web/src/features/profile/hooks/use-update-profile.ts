import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { adminSchema, messages, PROFILE_SUCCESS_MS, TOAST_MS, type ProfileUpdateInput } from '@app/shared';
import { envelopeMessage, errorMessage } from '@/lib/api-errors';
import { readSession, writeSession } from '@/lib/session';
import { login } from '@/lib/store/auth-slice';
import { useAppDispatch } from '@/lib/store/hooks';
import { useUpdateAdminProfileMutation } from '../api/profile-api';

/**
 * Saves the profile (SPEC.md §7): on `status: 'success'` the answered admin replaces the
 * stored one (the token stays), and the signed-in state follows. Returns whether it saved.
 */
export function useUpdateProfile() {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateAdminProfileMutation();

  const save = useCallback(
    async (values: ProfileUpdateInput): Promise<boolean> => {
      try {
        const response = await update(values).unwrap();
        const admin = response.status === 'success' ? adminSchema.safeParse(response.data?.admin) : undefined;
        const session = readSession();
        if (!admin?.success || !session) {
          toast.error(envelopeMessage(response) ?? messages.profile.updateFailed, { autoClose: TOAST_MS.profile });
          return false;
        }
        const updated = { ...session, ...admin.data };
        writeSession(updated);
        dispatch(login(updated));
        toast.success(messages.profile.updated, { autoClose: PROFILE_SUCCESS_MS });
        return true;
      } catch (error) {
        toast.error(errorMessage(error, messages.profile.updateFailed), { autoClose: TOAST_MS.profile });
        return false;
      }
    },
    [update, dispatch],
  );

  return { save, isSaving: isLoading };
}
