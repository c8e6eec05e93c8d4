import type { z } from 'zod';
import {
  formatRupees,
  messages,
  type paymentAdjustmentSchema,
  type PaymentRecord,
  type paymentVoidSchema,
  type SubscriptionAccount,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import * as ledger from '../../lib/ledger/ledger';
import type { Actor } from '../../lib/service-context';
import * as repository from './corrections.repository';
import type { PaymentsContext } from './payments.service';

type VoidInput = z.output<typeof paymentVoidSchema>;
type AdjustmentInput = z.output<typeof paymentAdjustmentSchema>;

const m = messages.payments;
const r = messages.receipts;

type Corrected = { payment: PaymentRecord; account: SubscriptionAccount };

const refused = (message: string, field?: string) => new AppError(422, message, field ? [{ field, message }] : []);

/** How a payment is named in the audit log: its receipt number. */
const receiptOf = (payment: repository.CorrectedPaymentRow) => `receipt ${payment.receipt_no ?? payment.id}`;

/**
 * The payment to correct, read again once its subscription's row is locked: every write of
 * a subscription's money (payments, voids, adjustments, renewals) holds that lock, so what
 * is read here stays true until the transaction ends. A ₹0 fee received nothing: it has no
 * receipt to void or adjust (404, saying so).
 */
async function lockedPayment(tx: DbOrTx, libraryId: string, paymentId: string) {
  const found = await repository.paymentToCorrect(tx, libraryId, paymentId);
  if (!found) throw notFound(m.paymentNotFound);
  if (Number(found.amount) === 0) throw notFound(r.noReceipt);
  const subscription = await ledger.lockSubscription(tx, libraryId, found.subscription_id);
  const payment = await repository.paymentToCorrect(tx, libraryId, paymentId);
  if (!subscription || !payment) throw notFound(m.paymentNotFound);
  return { subscription, payment };
}

async function answer(tx: DbOrTx, libraryId: string, subscriptionId: string, paymentId: string): Promise<Corrected> {
  const account = await ledger.accountOf(tx, libraryId, subscriptionId);
  const payment = account.payments.find((entry) => entry.id === paymentId);
  if (!payment) throw new Error('the corrected payment is missing from its account');
  return { payment, account };
}

/**
 * Voids a payment: it keeps its row and receipt number, marked with who, when and why, and
 * counts for nothing from then on. Refused: one already void (409), one whose adjustments
 * are not all void (422: they would be left adjusting nothing), and a refund whose money,
 * counted as paid again, would pay more than the price (422).
 */
export async function voidPayment(
  context: PaymentsContext,
  actor: Actor,
  paymentId: string,
  input: VoidInput,
): Promise<Corrected> {
  const { libraryId } = actor;
  return context.db.transaction(async (tx) => {
    const { payment } = await lockedPayment(tx, libraryId, paymentId);
    if (payment.voided) throw conflict(r.alreadyVoid);
    if (payment.live_adjustments > 0) throw refused(r.voidHasAdjustments);
    const amount = Number(payment.amount);
    if (amount < 0) {
      const balance = await ledger.balanceOf(tx, libraryId, payment.subscription_id);
      if (-amount > balance) throw refused(r.voidRefundTooMuch(balance));
    }
    await repository.markVoid(tx, libraryId, paymentId, actor.adminId, input.reason);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.paymentVoided,
      entityType: 'payment',
      entityId: paymentId,
      detail: `Voided ${receiptOf(payment)} of ${formatRupees(amount)}: ${input.reason}`,
    });
    return answer(tx, libraryId, payment.subscription_id, paymentId);
  });
}

/**
 * Adjusts a payment by a new entry with a reason (kind `adjustment`, `adjusts_id` the
 * payment). More received: a positive amount, at most the balance, with a receipt number
 * of its own (the payments' path). A refund: stored below ₹0, at most what is left of the
 * payment, without a receipt number. Only an original payment that is not void can be
 * adjusted. The reference rules of payments apply to both.
 */
export async function adjustPayment(
  context: PaymentsContext,
  actor: Actor,
  paymentId: string,
  input: AdjustmentInput,
): Promise<Corrected> {
  const { libraryId } = actor;
  return context.db.transaction(async (tx) => {
    const { subscription, payment } = await lockedPayment(tx, libraryId, paymentId);
    if (payment.kind === 'adjustment') throw refused(r.adjustAnAdjustment);
    if (payment.voided) throw refused(r.adjustVoided);
    const refund = input.direction === 'refund';
    if (refund && input.amount > Number(payment.net)) throw refused(r.refundTooMuch(Number(payment.net)), 'amount');
    const adjustmentId = await ledger.takePayment(
      tx,
      actor,
      {
        subscriptionId: payment.subscription_id,
        studentId: subscription.student_id,
        amount: refund ? -input.amount : input.amount,
        mode: input.mode,
        reference: input.reference,
        kind: 'adjustment',
        duration: subscription.duration,
        isReserved: subscription.is_reserved,
        adjusts: { paymentId, reason: input.reason },
      },
      { field: 'amount', tooMuch: m.overpayment },
    );
    const corrected = await answer(tx, libraryId, payment.subscription_id, adjustmentId);
    const what = refund
      ? `Refund of ${formatRupees(input.amount)}`
      : `${formatRupees(input.amount)} more received (receipt ${corrected.payment.receipt_no})`;
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.paymentAdjusted,
      entityType: 'payment',
      entityId: adjustmentId,
      detail: `${what} by ${input.mode} against ${receiptOf(payment)}: ${input.reason}`,
    });
    return corrected;
  });
}
