import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { messages, TOAST_MS, type AreaBodyInput, type FieldError } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useCreateAreaMutation, useDeleteAreaMutation, useUpdateAreaMutation } from '../api/areas-api';

const m = messages.areas;

export interface SaveResult {
  saved: boolean;
  /** The server's per-field reasons, to show under the fields too. */
  fieldErrors: FieldError[];
}

function fieldErrors(error: unknown): FieldError[] {
  const data = (error as { data?: { errors?: unknown } } | undefined)?.data;
  return Array.isArray(data?.errors) ? (data.errors as FieldError[]) : [];
}
const options = { autoClose: TOAST_MS.areas };

/**
 * Add, update and delete with the spec's toasts (SPEC.md §8). Add and update show the
 * server's reason when it gives one (a taken name, a Total Seats below the seats that
 * exist), else the spec's fallback. Each answers whether it worked.
 */
export function useAreaActions() {
  const [create, creating] = useCreateAreaMutation();
  const [update, updating] = useUpdateAreaMutation();
  const [remove, removing] = useDeleteAreaMutation();

  const save = useCallback(
    async (id: string | undefined, body: AreaBodyInput): Promise<SaveResult> => {
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

  const deleteArea = useCallback(
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

  return {
    save,
    deleteArea,
    isSaving: creating.isLoading || updating.isLoading,
    isDeleting: removing.isLoading,
  };
}
