import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { TOAST_MS, privacyMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useActionWithToast } from '@/lib/entity-actions';
import { saveFile } from '@/lib/file-export';
import {
  useEraseStudentDocumentsMutation,
  useExportStudentDataMutation,
  useLeaveStudentMutation,
  useRejoinStudentMutation,
  type StudentExportFormat,
} from '../api/students-api';

const m = privacyMessages;
// The API's refusals name a subscription and a date: long enough to want the longer toast.
const options = { autoClose: TOAST_MS.default };

/**
 * A student's data-rights actions (issue 19) with their toasts: mark as left, mark as
 * returned, erase the identity documents now, download their data. A refusal shows the
 * API's own message (the active subscription it names, "already left"...). Each action
 * answers whether it worked.
 */
export function useStudentLifecycle() {
  const [leaveCall, leaveState] = useLeaveStudentMutation();
  const [rejoinCall, rejoinState] = useRejoinStudentMutation();
  const [eraseCall, eraseState] = useEraseStudentDocumentsMutation();
  const [exportCall, exportState] = useExportStudentDataMutation();
  const leave = useActionWithToast(leaveCall, m.leave.done, m.leave.failed, options);
  const rejoin = useActionWithToast(rejoinCall, m.leave.rejoined, m.leave.rejoinFailed, options);
  const erase = useActionWithToast(eraseCall, m.erase.done, m.erase.failed, options);
  const download = useCallback(
    async (id: string, format: StudentExportFormat): Promise<boolean> => {
      try {
        saveFile(await exportCall({ id, format }).unwrap());
        toast.success(m.exportData.done, options);
        return true;
      } catch (error) {
        toast.error(errorMessage(error, m.exportData.failed), options);
        return false;
      }
    },
    [exportCall],
  );
  return {
    leave,
    rejoin,
    erase,
    download,
    /** Whether an action for the student is under way: their buttons wait. */
    isBusy: (id: string) =>
      [leaveState, rejoinState, eraseState].some((state) => state.isLoading && state.originalArgs === id) ||
      (exportState.isLoading && exportState.originalArgs?.id === id),
  };
}
