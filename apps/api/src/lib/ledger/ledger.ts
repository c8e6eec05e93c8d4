import {
  lookupPrice,
  messages,
  type ChargeRecord,
  type PaymentMode,
  type PaymentRecord,
  type SubscriptionAccount,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import type { Actor } from '../service-context';
import * as repository from './ledger.repository';

/**
 * The rules of a subscription's money (DESIGN.md §8), shared by the subscription calls
 * (a period's price and its first payment) and the payments module (the rest): a payment
 * never takes the balance below zero, and a reference is used once per library.
 */

const m = messages.payments;

export { lockSubscription, subscriptionExists, type LockedSubscription } from './ledger.repository';

/** Rupees as PostgreSQL takes them: the amounts have at most two decimals (the shared money schema). */
const rupeesText = (amount: number) => amount.toFixed(2);

/**
 * The price list's price for a plan of the library, or null when the list has none
 * (the shared `lookupPrice`, over the library's rows).
 */
export async function listPriceFor(
  db: DbOrTx,
  libraryId: string,
  plan: { duration: number; is_reserved: boolean; start_time: string; end_time: string },
): Promise<number | null> {
  const rows = await repository.priceListOf(db, libraryId);
  const entries = rows.map((row) => ({ ...row, price: Number(row.price) }));
  return lookupPrice(entries, plan) ?? null;
}

/** Adds a period's agreed price to the subscription (its creation or a renewal). */
export async function chargePeriod(
  tx: DbOrTx,
  actor: Actor,
  charge: {
    subscriptionId: string;
    studentId: string;
    kind: 'new' | 'renewal';
    duration: number;
    price: number;
    listPrice: number | null;
  },
): Promise<void> {
  await repository.insertCharge(tx, actor.libraryId, {
    subscriptionId: charge.subscriptionId,
    studentId: charge.studentId,
    kind: charge.kind,
    durationMonths: charge.duration,
    price: rupeesText(charge.price),
    listPrice: charge.listPrice === null ? null : rupeesText(charge.listPrice),
    createdBy: actor.adminId,
  });
}

async function referenceUsed(tx: DbOrTx, libraryId: string, reference: string): Promise<AppError | undefined> {
  const first = await repository.paymentWithReference(tx, libraryId, reference);
  if (!first) return undefined;
  const student = [first.first_name, first.last_name].filter(Boolean).join(' ');
  return conflict(m.referenceUsed(reference, student, Number(first.amount), first.date), 'reference');
}

export interface PaymentInput {
  subscriptionId: string;
  studentId: string;
  amount: number;
  mode: PaymentMode;
  /** Upper-case, without spaces (the shared reference schema); undefined when none. */
  reference: string | undefined;
  kind: 'new' | 'renewal' | 'balance';
  duration: number;
  isReserved: boolean;
}

/**
 * Records a payment towards a subscription whose row the caller holds locked (a new one,
 * or one locked by `lockSubscription`), so the balance read here cannot change before the
 * payment is written. Refuses a reference the library already used (409, naming the first
 * payment) and an amount above the balance (422 on `field`, with `tooMuch(balance)`).
 * Answers the payment's id.
 */
export async function takePayment(
  tx: DbOrTx,
  actor: Actor,
  payment: PaymentInput,
  refusal: { field: string; tooMuch: (balance: number) => string },
): Promise<string> {
  const { libraryId } = actor;
  if (payment.reference) {
    const used = await referenceUsed(tx, libraryId, payment.reference);
    if (used) throw used;
  }
  const { balance } = await repository.accountTotals(tx, libraryId, payment.subscriptionId);
  // Both sides are decimal rupees with at most two decimals, read as the nearest double:
  // that reading keeps their order, so the comparison is exact.
  if (payment.amount > Number(balance)) {
    const message = refusal.tooMuch(Number(balance));
    throw new AppError(422, message, [{ field: refusal.field, message }]);
  }
  const id = await repository.insertPayment(tx, libraryId, {
    subscriptionId: payment.subscriptionId,
    studentId: payment.studentId,
    amount: rupeesText(payment.amount),
    duration: payment.duration,
    mode: payment.mode,
    kind: payment.kind,
    isReserved: payment.isReserved,
    reference: payment.reference ?? null,
    recordedBy: actor.adminId,
  });
  if (id === 'reference-used') {
    // Another request took the reference between the check above and the insert: the index
    // waited for it to commit, so the first payment is there to name.
    const reference = payment.reference ?? '';
    throw (await referenceUsed(tx, libraryId, reference)) ?? conflict(messages.validation.invalidInput, 'reference');
  }
  return id;
}

function presentCharge(row: repository.ChargeRow): ChargeRecord {
  return {
    ...row,
    list_price: row.list_price === null ? null : Number(row.list_price),
    price: Number(row.price),
    discount: Number(row.discount),
  };
}

/** A payment as the account and the day book answer it (only its own fields, whatever else the row holds). */
export function presentPayment(row: repository.PaymentRow): PaymentRecord {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    student_id: row.student_id,
    amount: Number(row.amount),
    mode: row.mode,
    reference: row.reference,
    receipt_no: row.receipt_no,
    kind: row.kind,
    recorded_by: row.recorded_by,
    recorded_by_name: row.recorded_by_name,
    created_at: row.created_at,
  };
}

/** The subscription's account: totals, charges oldest first, payments newest first. */
export async function accountOf(db: DbOrTx, libraryId: string, subscriptionId: string): Promise<SubscriptionAccount> {
  // One after the other: inside a transaction the three share one connection.
  const totals = await repository.accountTotals(db, libraryId, subscriptionId);
  const charges = await repository.listCharges(db, libraryId, subscriptionId);
  const payments = await repository.listPayments(db, libraryId, subscriptionId);
  return {
    subscription_id: subscriptionId,
    price: Number(totals.price),
    paid: Number(totals.paid),
    balance: Number(totals.balance),
    charges: charges.map(presentCharge),
    payments: payments.map(presentPayment),
  };
}
