import { TOAST_MS, type AreaBodyInput, areaMessages } from '@app/shared';
import { useActionWithToast, useSaveWithToast } from '@/lib/entity-actions';
import { useCreateAreaMutation, useDeleteAreaMutation, useUpdateAreaMutation } from '../api/areas-api';

export type { SaveResult } from '@/lib/entity-actions';

const m = areaMessages;
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

  const save = useSaveWithToast<AreaBodyInput>(create, update, m, options);
  const deleteArea = useActionWithToast(remove, m.deleted, m.deleteFailed, options);

  return {
    save,
    deleteArea,
    isSaving: creating.isLoading || updating.isLoading,
    isDeleting: removing.isLoading,
  };
}
