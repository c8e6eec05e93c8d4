import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { messages, TOAST_MS, type FieldError, type SeatBodyInput } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import {
  useCreateSeatMutation,
  useDeleteSeatMutation,
  useGenerateSeatsMutation,
  useUpdateSeatMutation,
} from '../api/seats-api';

const m = messages.seats;
const options = { autoClose: TOAST_MS.areas };

export interface SaveResult {
  saved: boolean;
  /** The server's per-field reasons, to show under the fields too. */
  fieldErrors: FieldError[];
}

function fieldErrors(error: unknown): FieldError[] {
  const data = (error as { data?: { errors?: unknown } } | undefined)?.data;
  return Array.isArray(data?.errors) ? (data.errors as FieldError[]) : [];
}

/**
 * Add, update, delete and generate seats with the spec's toasts (SPEC.md §8): the
 * server's reason when it gives one (a full area, a taken name), else the fallback.
 */
export function useSeatActions() {
  const [create, creating] = useCreateSeatMutation();
  const [update, updating] = useUpdateSeatMutation();
  const [remove, removing] = useDeleteSeatMutation();
  const [generate, generating] = useGenerateSeatsMutation();

  const save = useCallback(
    async (id: string | undefined, body: SeatBodyInput): Promise<SaveResult> => {
      try {
        if (id) await update({ id, body }).unwrap();
        else await create(body).unwrap();
        toast.success(id ? m.updated : m.added, options);
        return { saved: true, fieldErrors: [] };
      } catch (error) {
        toast.error(errorMessage(error, id ? m.updateFailed : m.addFailed), options);
        return { saved: false, fieldErrors: fieldErrors(error) };
      }
    },
    [create, update],
  );

  const deleteSeat = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        await remove(id).unwrap();
        toast.success(m.deleted, options);
        return true;
      } catch (error) {
        toast.error(errorMessage(error, m.deleteFailed), options);
        return false;
      }
    },
    [remove],
  );

  const generateSeats = useCallback(
    async (areaId: string): Promise<boolean> => {
      try {
        const response = await generate(areaId).unwrap();
        toast.success(messages.areas.generated(response.data?.created ?? 0), options);
        return true;
      } catch (error) {
        toast.error(errorMessage(error, messages.areas.generateFailed), options);
        return false;
      }
    },
    [generate],
  );

  return {
    save,
    deleteSeat,
    generateSeats,
    isDeleting: removing.isLoading,
    isGenerating: generating.isLoading,
    isSaving: creating.isLoading || updating.isLoading,
  };
}
