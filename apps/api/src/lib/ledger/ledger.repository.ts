import { sql } from 'drizzle-orm';
import type { PaymentMode } from '@app/shared';
import { accountSql } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../pg-errors';
import { receiptFactColumns, receiptFactValues, receiptTaxFacts } from './receipt-facts';
import { nextReceiptNo, nextReceiptNoCtes } from './receipts';
import { isoUtc } from '../../db/sql-time';

/**
 * The money of a subscription (DESIGN.md §8): its charges (`subscription_charges`, one per
 * period agreed) and its payments (`fees`). Amounts come back as PostgreSQL prints
 * `numeric`, exact; sums and differences are PostgreSQL's.
 */

/** A subscription held for a money write: its row stays locked until the transaction ends. */
export type LockedSubscription = {
  id: string;
  student_id: string;
  duration: number;
  is_reserved: boolean;
};

/**
 * Locks the subscription's row (`for update`), so that payments towards it run one after
 * the other and each sees the balance the one before left. The library's row is taken
 * first (`for key share`, as the payment's own foreign key would take it later): a booking
 * write holds that row `for update` before it touches a subscription, so both take the
 * library, then the subscription, and a payment beside a renewal cannot deadlock.
 */
export async function lockSubscription(
  tx: DbOrTx,
  libraryId: string,
  subscriptionId: string,
): Promise<LockedSubscription | undefined> {
  await tx.execute(sql`select 1 from libraries where id = ${libraryId} for key share`);
  const result = await tx.execute<LockedSubscription>(sql`
    select id, student_id, duration_months as duration, is_reserved from subscriptions
    where library_id = ${libraryId} and id = ${subscriptionId}
    for update`);
  return result.rows[0];
}

export async function subscriptionExists(db: DbOrTx, libraryId: string, subscriptionId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from subscriptions where library_id = ${libraryId} and id = ${subscriptionId}`,
  );
  return result.rows.length > 0;
}

export type AccountTotalsRow = {
  price: string;
  paid: string;
  balance: string;
};

/** What was agreed, what was paid and the difference, summed by PostgreSQL (the shared rule, db/account.ts). */
export async function accountTotals(db: DbOrTx, libraryId: string, subscriptionId: string): Promise<AccountTotalsRow> {
  const account = accountSql({ libraryId: sql`${libraryId}`, subscriptionId: sql`${subscriptionId}` });
  const result = await db.execute<AccountTotalsRow>(sql`
    select account.price::text as price, account.paid::text as paid, account.balance::text as balance
    from ${account} account`);
  const row = result.rows[0];
  if (!row) throw new Error('account totals returned nothing');
  return row;
}

export interface NewCharge {
  subscriptionId: string;
  studentId: string;
  kind: 'new' | 'renewal';
  durationMonths: number;
  /** Rupees with two decimals, as text. */
  price: string;
  listPrice: string | null;
  createdBy: string;
}

export async function insertCharge(tx: DbOrTx, libraryId: string, charge: NewCharge): Promise<void> {
  await tx.execute(sql`
    insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price, list_price, created_by)
    values (${libraryId}, ${charge.subscriptionId}, ${charge.studentId}, ${charge.kind}, ${charge.durationMonths},
            ${charge.price}, ${charge.listPrice}, ${charge.createdBy})`);
}

export interface NewPayment {
  subscriptionId: string;
  studentId: string;
  /** Rupees with two decimals, as text. */
  amount: string;
  duration: number;
  mode: PaymentMode;
  kind: 'new' | 'renewal' | 'balance' | 'adjustment';
  isReserved: boolean;
  reference: string | null;
  recordedBy: string;
  /** An adjustment's original payment and reason (issue 14); null otherwise. */
  adjustsId: string | null;
  reason: string | null;
  /** The student's state (a GST state code) for a tax invoice; absent, the library's own. */
  placeOfSupply?: string;
}

/**
 * Reads what a payment's receipt needs and answers the write that records it: it answers the
 * payment's id, or `'reference-used'` when another payment of the library took the reference
 * meanwhile (the unique index). A payment above ₹0 is written in one statement with the next
 * receipt number (receipts.ts) and what its receipt shows (the plan as it then stands, the tax
 * figures read here: receipt-facts.ts): from the counter's row to COMMIT the library's payments
 * take turns, so the write comes last and holds as few statements as can be. A payment with a
 * reference is written in a savepoint, so the caller's transaction can still look the first
 * payment up; without one no unique index can refuse it, and no savepoint is needed.
 */
export async function preparePaymentInsert(
  tx: DbOrTx,
  libraryId: string,
  payment: NewPayment,
): Promise<() => Promise<string | 'reference-used'>> {
  const receipted = Number(payment.amount) > 0;
  const tax = receipted
    ? await receiptTaxFacts(tx, libraryId, {
        amount: Number(payment.amount),
        adjustsId: payment.adjustsId,
        placeOfSupply: payment.placeOfSupply,
      })
    : undefined;
  const columns = sql`library_id, subscription_id, student_id, amount, duration, unit, mode, status, kind, is_reserved, reference,
                      recorded_by, adjusts_id, reason`;
  const values = sql`${libraryId}, ${payment.subscriptionId}, ${payment.studentId}, ${payment.amount}, ${payment.duration}, 'months',
                     ${payment.mode}, 'paid', ${payment.kind}, ${payment.isReserved}, ${payment.reference}, ${payment.recordedBy},
                     ${payment.adjustsId}, ${payment.reason}`;
  const statement = receipted
    ? sql`
        with ${nextReceiptNoCtes(libraryId)}
        insert into fees (${columns}, receipt_no, ${receiptFactColumns})
        select ${values}, ${nextReceiptNo}, ${receiptFactValues(tax)}
        from receipt_place cross join receipt_counter
        join subscriptions sub on sub.id = ${payment.subscriptionId}
        left join seats seat on seat.id = sub.seat_id
        left join areas area on area.id = seat.area_id
        returning id`
    : sql`insert into fees (${columns}) values (${values}) returning id`;
  const write = async (db: DbOrTx) => {
    const result = await db.execute<{ id: string }>(statement);
    const id = result.rows[0]?.id;
    if (!id) throw new Error('payment insert returned nothing');
    return id;
  };
  return async () => {
    if (payment.reference === null) return write(tx);
    try {
      return await tx.transaction(write);
    } catch (error) {
      if (isUniqueViolation(error, 'fees_library_reference_unique')) return 'reference-used';
      throw error;
    }
  };
}

export type ReferenceOwnerRow = {
  first_name: string;
  last_name: string | null;
  amount: string;
  /** The payment's day in the library's time zone, `DD/MM/YYYY`. */
  date: string;
};

/** The payment of the library that already carries this reference (stored upper-case, without spaces), void ones aside. */
export async function paymentWithReference(
  db: DbOrTx,
  libraryId: string,
  reference: string,
): Promise<ReferenceOwnerRow | undefined> {
  const result = await db.execute<ReferenceOwnerRow>(sql`
    select st.first_name, st.last_name, f.amount::text as amount,
           to_char(f.created_at at time zone l.time_zone, 'DD/MM/YYYY') as date
    from fees f join students st on st.id = f.student_id join libraries l on l.id = f.library_id
    where f.library_id = ${libraryId} and f.reference = ${reference} and f.voided_at is null`);
  return result.rows[0];
}

export type ChargeRow = {
  id: string;
  kind: 'new' | 'renewal';
  duration: number;
  list_price: string | null;
  price: string;
  discount: string;
  created_at: string;
};

const utc = (column: string) => isoUtc(sql.raw(column));

/** The periods agreed, oldest first; a discount is what the price list asked above the price agreed. */
export async function listCharges(db: DbOrTx, libraryId: string, subscriptionId: string): Promise<ChargeRow[]> {
  const result = await db.execute<ChargeRow>(sql`
    select c.id, c.kind, c.duration_months as duration, c.list_price::text as list_price, c.price::text as price,
           greatest(coalesce(c.list_price, c.price) - c.price, 0)::text as discount,
           ${utc('c.created_at')} as created_at
    from subscription_charges c
    where c.library_id = ${libraryId} and c.subscription_id = ${subscriptionId}
    order by c.created_at, c.id`);
  return result.rows;
}

export type PaymentRow = {
  id: string;
  subscription_id: string;
  student_id: string;
  amount: string;
  mode: PaymentMode;
  reference: string | null;
  receipt_no: string | null;
  kind: 'new' | 'renewal' | 'balance' | 'adjustment';
  recorded_by: string | null;
  recorded_by_name: string | null;
  created_at: string;
  adjusts_id: string | null;
  reason: string | null;
  voided_at: string | null;
  voided_by_name: string | null;
  void_reason: string | null;
};

/**
 * A payment's columns, with who recorded it and who voided it (`f` the fee, `ad` its
 * recorder, `vd` its voider: join them with `paymentJoins`).
 */
export const paymentColumns = sql`
  f.id, f.subscription_id, f.student_id, f.amount::text as amount, f.mode, f.reference, f.receipt_no, f.kind,
  f.recorded_by, ad.name as recorded_by_name, ${utc('f.created_at')} as created_at,
  f.adjusts_id, f.reason, case when f.voided_at is null then null else ${utc('f.voided_at')} end as voided_at,
  vd.name as voided_by_name, f.void_reason`;

/** The admins `paymentColumns` names: `ad` who recorded the fee `f`, `vd` who voided it. */
export const paymentJoins = sql`left join admins ad on ad.id = f.recorded_by left join admins vd on vd.id = f.voided_by`;

/** The subscription's payments, newest first. */
export async function listPayments(db: DbOrTx, libraryId: string, subscriptionId: string): Promise<PaymentRow[]> {
  const result = await db.execute<PaymentRow>(sql`
    select ${paymentColumns}
    from fees f ${paymentJoins}
    where f.library_id = ${libraryId} and f.subscription_id = ${subscriptionId}
    order by f.created_at desc, f.id desc`);
  return result.rows;
}

export type PriceListRow = {
  duration: number;
  is_reserved: boolean;
  window_hours: number | null;
  price: string;
};

/** The library's price list, in the order the settings screen shows it. */
export async function priceListOf(db: DbOrTx, libraryId: string): Promise<PriceListRow[]> {
  const result = await db.execute<PriceListRow>(sql`
    select duration_months as duration, is_reserved, window_hours, price::text as price
    from price_list where library_id = ${libraryId}
    order by duration_months, is_reserved, window_hours nulls last`);
  return result.rows;
}

/** Issue 16: the largest discount below the price list the library's desk staff may give, in rupees (0 until set). */
export async function deskMaxDiscountOf(db: DbOrTx, libraryId: string): Promise<number> {
  const result = await db.execute<{ limit: string }>(sql`
    select desk_max_discount::text as "limit" from library_settings where library_id = ${libraryId}`);
  return Number(result.rows[0]?.limit ?? 0);
}
