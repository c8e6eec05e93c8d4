import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import {
  TOAST_MS,
  type FieldError,
  type SubscriptionCreateInput,
  type SubscriptionRenewInput,
  type SubscriptionUpdateInput,
  subscriptionMessages,
} from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import {
  useCreateSubscriptionMutation,
  useRenewSubscriptionMutation,
  useUpdateSubscriptionMutation,
} from '../api/subscriptions-api';

const m = subscriptionMessages;
const options = { autoClose: TOAST_MS.default };

export interface SaveResult {
  saved: boolean;
  /** The server's per-field reasons of a refused request (400/404), to show under the fields. */
  fieldErrors: FieldError[];
}

function failure(error: unknown, fallback: string): SaveResult {
  toast.error(errorMessage(error, fallback), options);
  const data = (error as { status?: unknown; data?: { errors?: unknown } } | undefined) ?? {};
  // A 409 names the window or seat in its toast; repeating that sentence under a field adds nothing.
  // A reused payment reference (also a 409) is the one field the owner must change, so it stays.
  const errors = Array.isArray(data.data?.errors) ? (data.data.errors as FieldError[]) : [];
  const fieldErrors = data.status === 409 ? errors.filter((error) => error.field === 'reference') : errors;
  return { saved: false, fieldErrors };
}

/**
 * Add, update and renew with the spec's toasts (SPEC.md §8): add says "Seat added
 * successfully" (sic), update repeats the server's message, renew says "subscription
 * renew successfully" (sic); failures show the server's message, else a fallback.
 */
export function useSubscriptionActions() {
  const [createCall] = useCreateSubscriptionMutation();
  const [updateCall] = useUpdateSubscriptionMutation();
  const [renewCall] = useRenewSubscriptionMutation();

  const create = useCallback(
    async (body: SubscriptionCreateInput, idempotencyKey: string): Promise<SaveResult> => {
      try {
        await createCall({ body, idempotencyKey }).unwrap();
        toast.success(m.added, options);
        return { saved: true, fieldErrors: [] };
      } catch (error) {
        return failure(error, m.saveFailed);
      }
    },
    [createCall],
  );

  const update = useCallback(
    async (id: string, body: SubscriptionUpdateInput): Promise<SaveResult> => {
      try {
        const answer = await updateCall({ id, body }).unwrap();
        toast.success(answer.message || m.updatedServer, options);
        return { saved: true, fieldErrors: [] };
      } catch (error) {
        return failure(error, m.updateFailed);
      }
    },
    [updateCall],
  );

  const renew = useCallback(
    async (id: string, body: SubscriptionRenewInput, idempotencyKey: string): Promise<SaveResult> => {
      try {
        await renewCall({ id, body, idempotencyKey }).unwrap();
        toast.success(m.renewed, options);
        return { saved: true, fieldErrors: [] };
      } catch (error) {
        return failure(error, m.saveFailed);
      }
    },
    [renewCall],
  );

  return { create, update, renew };
}
