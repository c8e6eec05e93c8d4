import { sql } from 'drizzle-orm';
import type { PaymentMode } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { countedFee } from '../../db/account';
import { paymentColumns, paymentJoins, type PaymentRow } from '../../lib/ledger/ledger.repository';

/**
 * The day book: what came in on one of the library's days. A day is the library's local
 * day (its time zone, from `libraries`): the payments from its midnight to the next.
 * Issue 14: the day lists its voided payments (marked) and its adjustments (a refund below
 * ₹0, on the day it was given back); the totals count neither voided payments nor ₹0 fees,
 * and a refund counts below zero in its mode and for who gave it.
 */

/** The library's day: the one asked for, or today where the library is; undefined for no such library. */
export async function libraryDay(db: DbOrTx, libraryId: string, date: string | undefined) {
  const result = await db.execute<{ date: string }>(sql`
    select to_char(coalesce(${date ?? null}::date, (now() at time zone time_zone)::date), 'YYYY-MM-DD') as date
    from libraries where id = ${libraryId}`);
  return result.rows[0]?.date;
}

/** The entries of the day: from the library's midnight to the next, nothing of ₹0 (nothing came in). */
const ofTheDay = (libraryId: string, date: string) => sql`
  f.library_id = ${libraryId} and f.amount <> 0
  and f.created_at >= (${date}::date::timestamp at time zone l.time_zone)
  and f.created_at < ((${date}::date + 1)::timestamp at time zone l.time_zone)`;

/** The entries of the day that count in its totals: not voided. */
const countedOfTheDay = (libraryId: string, date: string) => sql`${ofTheDay(libraryId, date)} and ${countedFee('f')}`;

const dayJoins = sql`from fees f join libraries l on l.id = f.library_id`;

export type TotalRow = { count: number; amount: string };

export async function dayTotal(db: DbOrTx, libraryId: string, date: string): Promise<TotalRow> {
  const result = await db.execute<TotalRow>(sql`
    select count(*)::int as count, coalesce(sum(f.amount), 0)::text as amount
    ${dayJoins} where ${countedOfTheDay(libraryId, date)}`);
  return result.rows[0] ?? { count: 0, amount: '0' };
}

/** Every payment mode in the order of the forms, those with nothing that day included (a drawer closes at ₹0 too). */
export async function dayByMode(
  db: DbOrTx,
  libraryId: string,
  date: string,
  modes: readonly PaymentMode[],
): Promise<Array<TotalRow & { mode: PaymentMode }>> {
  const result = await db.execute<TotalRow & { mode: PaymentMode }>(sql`
    select m.mode, count(f.id)::int as count, coalesce(sum(f.amount), 0)::text as amount
    from unnest(array[${sql.join(
      modes.map((mode) => sql`${mode}`),
      sql`, `,
    )}]::text[])
      with ordinality as m(mode, position)
    left join (select f.id, f.mode, f.amount ${dayJoins} where ${countedOfTheDay(libraryId, date)}) f on f.mode = m.mode
    group by m.mode, m.position order by m.position`);
  return result.rows;
}

export type CollectorRow = TotalRow & { admin_id: string | null; name: string | null };

/** Who collected how much; null is a payment from before collectors were kept (or of a removed admin). */
export async function dayByCollector(db: DbOrTx, libraryId: string, date: string): Promise<CollectorRow[]> {
  const result = await db.execute<CollectorRow>(sql`
    select f.recorded_by as admin_id, ad.name, count(*)::int as count, sum(f.amount)::text as amount
    ${dayJoins} left join admins ad on ad.id = f.recorded_by
    where ${countedOfTheDay(libraryId, date)}
    group by f.recorded_by, ad.name
    order by sum(f.amount) desc, ad.name nulls last, f.recorded_by`);
  return result.rows;
}

export type DayPaymentRow = PaymentRow & {
  first_name: string;
  last_name: string | null;
  mobile: string;
  /** The time of day where the library is, `h:mm AM`. */
  local_time: string;
  /** For an adjustment, the receipt number of the payment it adjusts. */
  adjusts_receipt_no: string | null;
};

/**
 * The day's entries in the order they came in, with the student; `counted` leaves the
 * voided ones out (the CSV, whose amounts a spreadsheet sums to the day's total).
 */
export async function dayPayments(
  db: DbOrTx,
  libraryId: string,
  date: string,
  options: { counted?: boolean } = {},
): Promise<DayPaymentRow[]> {
  const where = options.counted ? countedOfTheDay(libraryId, date) : ofTheDay(libraryId, date);
  const result = await db.execute<DayPaymentRow>(sql`
    select ${paymentColumns}, st.first_name, st.last_name, st.mobile,
           to_char(f.created_at at time zone l.time_zone, 'FMHH12:MI AM') as local_time,
           original.receipt_no as adjusts_receipt_no
    ${dayJoins} join students st on st.id = f.student_id ${paymentJoins}
    left join fees original on original.library_id = f.library_id and original.id = f.adjusts_id
    where ${where}
    order by f.created_at, f.id`);
  return result.rows;
}
