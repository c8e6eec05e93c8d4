import {
  can,
  formatRupees,
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
  return listPriceIn(await repository.priceListOf(db, libraryId), plan);
}

/** `listPriceFor` over price-list rows already read (a booking reads them with its other reads). */
export function listPriceIn(
  rows: readonly repository.PriceListRow[],
  plan: { duration: number; is_reserved: boolean; start_time: string; end_time: string },
): number | null {
  const entries = rows.map((row) => ({ ...row, price: Number(row.price) }));
  return lookupPrice(entries, plan) ?? null;
}

/**
 * Issue 16: a price below the price list is a discount, and desk staff may give one of at most
 * the library's `desk_max_discount` (managers and owners: any). Refused with 403 naming the limit,
 * on the field the price came from. A plan the price list does not hold has no discount to measure.
 */
async function assertDiscountAllowed(
  tx: DbOrTx,
  actor: Actor,
  charge: { price: number; listPrice: number | null; priceField?: string },
): Promise<void> {
  if (can(actor.role, 'discount.unlimited') || charge.listPrice === null) return;
  const discountPaise = Math.round(charge.listPrice * 100) - Math.round(charge.price * 100);
  if (discountPaise <= 0) return;
  const limit = await repository.deskMaxDiscountOf(tx, actor.libraryId);
  if (discountPaise <= Math.round(limit * 100)) return;
  const message = messages.team.discountOverLimit(formatRupees(limit));
  throw new AppError(403, message, [{ field: charge.priceField ?? 'price', message }]);
}

/**
 * Adds a period's agreed price to the subscription (its creation or a renewal), once the
 * caller's role may give its discount (`assertDiscountAllowed`).
 */
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
    /** The body field the price came from (`price`, else `fee` when the fee is the price). */
    priceField?: string;
  },
): Promise<void> {
  await assertDiscountAllowed(tx, actor, charge);
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
  kind: 'new' | 'renewal' | 'balance' | 'adjustment';
  duration: number;
  isReserved: boolean;
  /** An adjustment's original payment and why (issue 14); its amount is negative for a refund. */
  adjusts?: { paymentId: string; reason: string };
  /** The student's state for a tax invoice (a GST state code); absent, the library's own. */
  placeOfSupply?: string;
}

/** The subscription's balance (agreed prices minus the payments that count), as the nearest double. */
export async function balanceOf(db: DbOrTx, libraryId: string, subscriptionId: string): Promise<number> {
  const { balance } = await repository.accountTotals(db, libraryId, subscriptionId);
  return Number(balance);
}

/** A payment checked and ready to record (`preparePayment`): `record()` writes it and answers its id. */
export interface PreparedPayment {
  record: () => Promise<string>;
}

/**
 * Checks a payment towards a subscription whose row the caller holds locked (a new one, or one
 * locked by `lockSubscription`), so the balance read here cannot change before the payment is
 * written, and reads what its receipt needs; `record()` then writes it in one statement. Refuses a
 * reference the library already used (409, naming the first payment) and an amount above the
 * balance (422 on `field`, with `tooMuch(balance)`). A refund (an adjustment below ₹0) only
 * raises the balance: its limit, what is left of the payment it adjusts, is the caller's. Apart,
 * so that a booking reads and checks before its guard and writes its payment (and takes the
 * library's next receipt number, held to COMMIT) as its last statement.
 */
export async function preparePayment(
  tx: DbOrTx,
  actor: Actor,
  payment: PaymentInput,
  refusal: { field: string; tooMuch: (balance: number) => string },
  /**
   * The balance when the caller wrote the subscription's only charge in this transaction and no
   * payment can exist yet (a new booking: its price): one statement fewer than reading it.
   */
  knownBalance?: number,
): Promise<PreparedPayment> {
  const { libraryId } = actor;
  if (payment.reference) {
    const used = await referenceUsed(tx, libraryId, payment.reference);
    if (used) throw used;
  }
  if (payment.amount > 0) {
    const balance = knownBalance ?? (await balanceOf(tx, libraryId, payment.subscriptionId));
    // Both sides are decimal rupees with at most two decimals, read as the nearest double:
    // that reading keeps their order, so the comparison is exact.
    if (payment.amount > balance) {
      const message = refusal.tooMuch(balance);
      throw new AppError(422, message, [{ field: refusal.field, message }]);
    }
  }
  const insert = await repository.preparePaymentInsert(tx, libraryId, {
    subscriptionId: payment.subscriptionId,
    studentId: payment.studentId,
    amount: rupeesText(payment.amount),
    duration: payment.duration,
    mode: payment.mode,
    kind: payment.kind,
    isReserved: payment.isReserved,
    reference: payment.reference ?? null,
    recordedBy: actor.adminId,
    adjustsId: payment.adjusts?.paymentId ?? null,
    reason: payment.adjusts?.reason ?? null,
    placeOfSupply: payment.placeOfSupply,
  });
  return {
    record: async () => {
      const id = await insert();
      if (id === 'reference-used') {
        // Another request took the reference between the check above and the insert: the index
        // waited for it to commit, so the first payment is there to name.
        const reference = payment.reference ?? '';
        throw (
          (await referenceUsed(tx, libraryId, reference)) ?? conflict(messages.validation.invalidInput, 'reference')
        );
      }
      return id;
    },
  };
}

/** Checks and records a payment at once (`preparePayment`, then its `record()`); answers its id. */
export async function takePayment(
  tx: DbOrTx,
  actor: Actor,
  payment: PaymentInput,
  refusal: { field: string; tooMuch: (balance: number) => string },
  knownBalance?: number,
): Promise<string> {
  return (await preparePayment(tx, actor, payment, refusal, knownBalance)).record();
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
    adjusts_id: row.adjusts_id,
    reason: row.reason,
    voided_at: row.voided_at,
    voided_by_name: row.voided_by_name,
    void_reason: row.void_reason,
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
