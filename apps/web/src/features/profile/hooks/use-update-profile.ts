import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import {
  adminSchema,
  PROFILE_SUCCESS_MS,
  TOAST_MS,
  type FieldError,
  type ProfileUpdateInput,
  coreMessages,
} from '@app/shared';
import { envelopeMessage, errorMessage } from '@/lib/api-errors';
import { readSession, writeSession } from '@/lib/session';
import { login } from '@/lib/store/auth-slice';
import { useAppDispatch } from '@/lib/store/hooks';
import { useUpdateAdminProfileMutation } from '../api/profile-api';

/** What a save came to: saved, or the server's per-field reasons (possibly none). */
export type SaveOutcome = { saved: true } | { saved: false; fieldErrors: FieldError[] };

function fieldErrorsOf(error: unknown): FieldError[] {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string')
    : [];
}

/**
 * Saves the profile (SPEC.md §7): on `status: 'success'` the answered admin replaces the
 * stored one (the token stays), and the signed-in state follows.
 */
export function useUpdateProfile() {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdateAdminProfileMutation();

  const save = useCallback(
    async (values: ProfileUpdateInput): Promise<SaveOutcome> => {
      try {
        const response = await update(values).unwrap();
        const admin = response.status === 'success' ? adminSchema.safeParse(response.data?.admin) : undefined;
        const session = readSession();
        if (!admin?.success || !session) {
          toast.error(envelopeMessage(response) ?? coreMessages.profile.updateFailed, { autoClose: TOAST_MS.profile });
          return { saved: false, fieldErrors: [] };
        }
        const updated = { ...session, ...admin.data };
        writeSession(updated);
        dispatch(login(updated));
        toast.success(coreMessages.profile.updated, { autoClose: PROFILE_SUCCESS_MS });
        return { saved: true };
      } catch (error) {
        toast.error(errorMessage(error, coreMessages.profile.updateFailed), { autoClose: TOAST_MS.profile });
        return { saved: false, fieldErrors: fieldErrorsOf(error) };
      }
    },
    [update, dispatch],
  );

  return { save, isSaving: isLoading };
}
