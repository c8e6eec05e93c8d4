import { useCallback } from 'react';
import type { z } from 'zod';
import { type paymentCreateSchema, paymentMessages } from '@app/shared';
import { useRecordPaymentMutation } from '../api/payments-api';
import { settleMoneyWrite } from './money-write';

const m = paymentMessages;

/**
 * Records a payment towards a subscription's balance: "Payment recorded" on success (the
 * subscriptions, dues, day book, fee report and students are fetched again, lib/api-tags).
 * A refusal whose reasons name the form's `fields` is shown under those fields; any other
 * failure toasts the server's message, else "Failed to record the payment".
 */
export function useRecordPayment(fields: readonly string[]) {
  const [call] = useRecordPaymentMutation();
  return useCallback(
    (subscriptionId: string, body: z.output<typeof paymentCreateSchema>, idempotencyKey: string) =>
      settleMoneyWrite(
        call({ subscriptionId, body, idempotencyKey }),
        { success: m.recorded, failure: m.recordFailed },
        fields,
      ),
    [call, fields],
  );
}
