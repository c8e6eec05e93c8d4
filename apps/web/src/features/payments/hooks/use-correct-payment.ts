import { useCallback } from 'react';
import type { z } from 'zod';
import { type paymentAdjustmentSchema, type paymentVoidSchema, receiptMessages } from '@app/shared';
import { useAdjustPaymentMutation, useVoidPaymentMutation } from '../api/payments-api';
import { settleMoneyWrite } from './money-write';

const r = receiptMessages;

/**
 * Voids a payment with a reason: "Payment voided", and every list, total and receipt that
 * counted it is fetched again (lib/api-tags CORRECTION_TAGS). A reason refused lands under
 * the field; anything else (already void, adjustments still counting) toasts the server's reason.
 */
export function useVoidPayment(fields: readonly string[]) {
  const [call] = useVoidPaymentMutation();
  return useCallback(
    (paymentId: string, body: z.output<typeof paymentVoidSchema>, idempotencyKey: string) =>
      settleMoneyWrite(call({ paymentId, body, idempotencyKey }), { success: r.voided, failure: r.voidFailed }, fields),
    [call, fields],
  );
}

/** Records an adjustment of a payment (more received, or a refund), as `useVoidPayment` does a void. */
export function useAdjustPayment(fields: readonly string[]) {
  const [call] = useAdjustPaymentMutation();
  return useCallback(
    (paymentId: string, body: z.output<typeof paymentAdjustmentSchema>, idempotencyKey: string) =>
      settleMoneyWrite(
        call({ paymentId, body, idempotencyKey }),
        { success: r.adjusted, failure: r.adjustFailed },
        fields,
      ),
    [call, fields],
  );
}
