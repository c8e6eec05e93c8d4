import { TOAST_MS, type SeatBodyInput, areaMessages, seatMessages } from '@app/shared';
import { useActionWithToast, useSaveWithToast } from '@/lib/entity-actions';
import {
  useCreateSeatMutation,
  useDeleteSeatMutation,
  useGenerateSeatsMutation,
  useUpdateSeatMutation,
} from '../api/seats-api';

export type { SaveResult } from '@/lib/entity-actions';

const m = seatMessages;
const options = { autoClose: TOAST_MS.areas };
const generated = (response: { data?: { created?: number } }) => areaMessages.generated(response.data?.created ?? 0);

/**
 * Add, update, delete and generate seats with the spec's toasts (SPEC.md §8): the
 * server's reason when it gives one (a full area, a taken name), else the fallback.
 */
export function useSeatActions() {
  const [create, creating] = useCreateSeatMutation();
  const [update, updating] = useUpdateSeatMutation();
  const [remove, removing] = useDeleteSeatMutation();
  const [generate, generating] = useGenerateSeatsMutation();

  const save = useSaveWithToast<SeatBodyInput>(create, update, m, options);
  const deleteSeat = useActionWithToast(remove, m.deleted, m.deleteFailed, options);
  const generateSeats = useActionWithToast(generate, generated, areaMessages.generateFailed, options);

  return {
    save,
    deleteSeat,
    generateSeats,
    isDeleting: removing.isLoading,
    isGenerating: generating.isLoading,
    isSaving: creating.isLoading || updating.isLoading,
  };
}
