import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { TOAST_MS, expenseMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrors, useActionWithToast, type SaveResult } from '@/lib/entity-actions';
import {
  useCreateExpenseMutation,
  useCreateRecurringExpenseMutation,
  useDeleteExpenseMutation,
  useStopRecurringExpenseMutation,
  useUpdateExpenseMutation,
  useUpdateRecurringExpenseMutation,
  type ExpenseBody,
  type RecurringExpenseBody,
} from '../api/expenses-api';

const m = expenseMessages;
const options = { autoClose: TOAST_MS.default };

/**
 * Runs a save and says how it went: the success toast, or the server's reasons about the
 * form's `fields` (shown under them, not toasted again), or a toast with its message.
 */
async function saveWithReasons(
  call: () => Promise<unknown>,
  texts: { success: string; failure: string },
  fields: readonly string[],
): Promise<SaveResult> {
  try {
    await call();
    toast.success(texts.success, options);
    return { saved: true, fieldErrors: [] };
  } catch (error) {
    const reasons = fieldErrors(error).filter((reason) => fields.includes(reason.field));
    if (reasons.length === 0) toast.error(errorMessage(error, texts.failure), options);
    return { saved: false, fieldErrors: reasons };
  }
}

const EXPENSE_FIELDS = ['date', 'category', 'amount', 'note', 'mode'] as const;
const RECURRING_FIELDS = ['category', 'amount', 'note', 'mode', 'day_of_month', 'start_month'] as const;

/**
 * Adding, changing and deleting expenses and monthly expenses, with their toasts. A save
 * answers whether it worked and the server's reasons about the form's fields (a date in
 * the future, a monthly entry moved onto a day it already has). Every change fetches the
 * month and the profit again (lib/api-tags EXPENSE_TAGS).
 */
export function useExpenseActions() {
  const [create] = useCreateExpenseMutation();
  const [update] = useUpdateExpenseMutation();
  const [remove, removing] = useDeleteExpenseMutation();
  const [createRecurring] = useCreateRecurringExpenseMutation();
  const [updateRecurring] = useUpdateRecurringExpenseMutation();
  const [stop, stopping] = useStopRecurringExpenseMutation();

  const saveExpense = useCallback(
    (id: string | undefined, body: ExpenseBody) =>
      saveWithReasons(
        () => (id ? update({ id, body }) : create(body)).unwrap(),
        { success: id ? m.updated : m.added, failure: m.saveFailed },
        EXPENSE_FIELDS,
      ),
    [create, update],
  );
  const saveRecurring = useCallback(
    (id: string | undefined, body: RecurringExpenseBody) =>
      saveWithReasons(
        () => (id ? updateRecurring({ id, body }) : createRecurring(body)).unwrap(),
        { success: id ? m.recurring.updated : m.recurring.added, failure: m.recurring.saveFailed },
        RECURRING_FIELDS,
      ),
    [createRecurring, updateRecurring],
  );
  const deleteExpense = useActionWithToast(remove, m.deleted, m.deleteFailed, options);
  const stopRecurring = useActionWithToast(stop, m.recurring.stopped, m.recurring.stopFailed, options);

  return {
    saveExpense,
    saveRecurring,
    deleteExpense,
    stopRecurring,
    isDeleting: removing.isLoading,
    isStopping: stopping.isLoading,
  };
}
