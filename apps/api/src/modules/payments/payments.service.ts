import type { z } from 'zod';
import {
  formatRupees,
  messages,
  PAYMENT_MODES,
  type DayBook,
  type dayBookQuerySchema,
  type paymentCreateSchema,
  type PaymentRecord,
  type SubscriptionAccount,
} from '@app/shared';
import { notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { toCsv } from '../../lib/csv';
import * as ledger from '../../lib/ledger/ledger';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './payments.repository';

type PaymentInput = z.output<typeof paymentCreateSchema>;
type DayBookQuery = z.output<typeof dayBookQuerySchema>;

const m = messages.payments;

export type PaymentsContext = ServiceContext;

/**
 * Records a payment towards a subscription's balance. The subscription's row is locked
 * for the transaction, so parallel payments run one after the other and none takes the
 * balance below zero: an amount above the balance is refused (422 on `amount`).
 */
export async function recordPayment(
  context: PaymentsContext,
  actor: Actor,
  subscriptionId: string,
  input: PaymentInput,
): Promise<{ payment: PaymentRecord; account: SubscriptionAccount }> {
  const { libraryId } = actor;
  return context.db.transaction(async (tx) => {
    const subscription = await ledger.lockSubscription(tx, libraryId, subscriptionId);
    if (!subscription) throw notFound(m.notFound);
    const paymentId = await ledger.takePayment(
      tx,
      actor,
      {
        subscriptionId,
        studentId: subscription.student_id,
        amount: input.amount,
        mode: input.mode,
        reference: input.reference,
        kind: 'balance',
        duration: subscription.duration,
        isReserved: subscription.is_reserved,
        placeOfSupply: input.place_of_supply,
      },
      { field: 'amount', tooMuch: m.overpayment },
    );
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.paymentRecorded,
      entityType: 'payment',
      entityId: paymentId,
      detail: `${formatRupees(input.amount)} by ${input.mode} towards subscription ${subscriptionId}`,
    });
    const account = await ledger.accountOf(tx, libraryId, subscriptionId);
    const payment = account.payments.find((entry) => entry.id === paymentId);
    if (!payment) throw new Error('the payment just recorded is missing from its account');
    return { payment, account };
  });
}

/** The subscription's account: its periods with their prices and discounts, its payments, the balance. */
export async function subscriptionAccount(
  context: PaymentsContext,
  actor: Actor,
  subscriptionId: string,
): Promise<SubscriptionAccount> {
  if (!(await ledger.subscriptionExists(context.db, actor.libraryId, subscriptionId))) throw notFound(m.notFound);
  return ledger.accountOf(context.db, actor.libraryId, subscriptionId);
}

/** What came in on one of the library's days (today where the library is, unless asked). */
export async function dayBook(context: PaymentsContext, actor: Actor, query: DayBookQuery): Promise<DayBook> {
  const { db } = context;
  const { libraryId } = actor;
  const date = await repository.libraryDay(db, libraryId, query.date);
  if (!date) throw notFound();
  const [total, byMode, byCollector, payments] = await Promise.all([
    repository.dayTotal(db, libraryId, date),
    repository.dayByMode(db, libraryId, date, PAYMENT_MODES),
    repository.dayByCollector(db, libraryId, date),
    repository.dayPayments(db, libraryId, date),
  ]);
  return {
    date,
    total: { count: total.count, amount: Number(total.amount) },
    by_mode: byMode.map((row) => ({ ...row, amount: Number(row.amount) })),
    by_collector: byCollector.map((row) => ({ ...row, amount: Number(row.amount) })),
    payments: payments.map((row) => ({
      ...ledger.presentPayment(row),
      first_name: row.first_name,
      last_name: row.last_name,
      mobile: row.mobile,
    })),
  };
}

/** The day book CSV's header, read when a file is made (in the caller's language). */
const csvHeader = (columns = m.dayBook.columns) => [
  columns.time,
  columns.student,
  columns.mobile,
  `${columns.amount} (INR)`,
  columns.mode,
  columns.reference,
  columns.receivedBy,
  columns.receiptNo,
  columns.note,
];

/** What an adjustment corrects and why, as its receipt says; nothing for a payment. */
function noteOf(row: repository.DayPaymentRow): string | null {
  if (row.kind !== 'adjustment' || !row.reason) return null;
  const original = row.adjusts_receipt_no ?? '';
  return Number(row.amount) < 0
    ? messages.receipts.refundNote(original, row.reason)
    : messages.receipts.adjustsNote(original, row.reason);
}

/**
 * The day book's date (for the file name) and its entries as CSV, one row each in the order
 * they came: the ones that count (voided payments left out, refunds below zero), so the
 * Amount column sums to the day's total.
 */
export async function dayBookCsv(
  context: PaymentsContext,
  actor: Actor,
  query: DayBookQuery,
): Promise<{ date: string; csv: string }> {
  const date = await repository.libraryDay(context.db, actor.libraryId, query.date);
  if (!date) throw notFound();
  const rows = await repository.dayPayments(context.db, actor.libraryId, date, { counted: true });
  const csv = toCsv([
    csvHeader(),
    ...rows.map((row) => [
      row.local_time,
      [row.first_name, row.last_name].filter(Boolean).join(' '),
      row.mobile,
      row.amount,
      row.mode,
      row.reference,
      row.recorded_by_name ?? m.notRecorded,
      row.receipt_no,
      noteOf(row),
    ]),
  ]);
  return { date, csv };
}
