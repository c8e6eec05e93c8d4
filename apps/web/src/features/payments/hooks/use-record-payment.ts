import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { messages, TOAST_MS, type FieldError, type paymentCreateSchema } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useRecordPaymentMutation } from '../api/payments-api';

const m = messages.payments;
const options = { autoClose: TOAST_MS.default };

export interface RecordOutcome {
  recorded: boolean;
  /** The server's per-field reasons of a refused payment: amount over the balance, a reused reference. */
  fieldErrors: FieldError[];
}

function fieldErrorsOf(error: unknown): FieldError[] {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

/**
 * Records a payment towards a subscription's balance: "Payment recorded" on success (the
 * subscriptions, dues, day book, fee report and students are fetched again, lib/api-tags).
 * A refusal whose reasons name the form's `fields` is shown under those fields; any other
 * failure toasts the server's message, else "Failed to record the payment".
 */
export function useRecordPayment(fields: readonly string[]) {
  const [call] = useRecordPaymentMutation();
  return useCallback(
    async (
      subscriptionId: string,
      body: z.output<typeof paymentCreateSchema>,
      idempotencyKey: string,
    ): Promise<RecordOutcome> => {
      try {
        await call({ subscriptionId, body, idempotencyKey }).unwrap();
        toast.success(m.recorded, options);
        return { recorded: true, fieldErrors: [] };
      } catch (error) {
        const fieldErrors = fieldErrorsOf(error).filter((reason) => fields.includes(reason.field));
        if (fieldErrors.length === 0) toast.error(errorMessage(error, m.recordFailed), options);
        return { recorded: false, fieldErrors };
      }
    },
    [call, fields],
  );
}
