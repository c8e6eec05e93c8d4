import { toast } from '@/lib/toast';
import { TOAST_MS, type FieldError } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';

const options = { autoClose: TOAST_MS.default };

/** How a payment, void or adjustment went: done, or the server's reasons for the form's own fields. */
export interface MoneyWriteOutcome<Result> {
  done: boolean;
  result?: Result;
  /** The server's per-field reasons of a refusal, for the fields the form shows. */
  fieldErrors: FieldError[];
}

function fieldErrorsOf(error: unknown): FieldError[] {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

/**
 * Waits for a money write and says how it went: `success` as a toast when done; a refusal
 * whose reasons name the form's `fields` comes back to be shown under them; any other
 * failure toasts the server's message, else `failure`.
 */
export async function settleMoneyWrite<Result>(
  call: { unwrap: () => Promise<Result> },
  texts: { success: string; failure: string },
  fields: readonly string[],
): Promise<MoneyWriteOutcome<Result>> {
  try {
    const result = await call.unwrap();
    toast.success(texts.success, options);
    return { done: true, result, fieldErrors: [] };
  } catch (error) {
    const fieldErrors = fieldErrorsOf(error).filter((reason) => fields.includes(reason.field));
    if (fieldErrors.length === 0) toast.error(errorMessage(error, texts.failure), options);
    return { done: false, fieldErrors };
  }
}
