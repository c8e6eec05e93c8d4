import { sql, type SQL } from 'drizzle-orm';
import type { SUBSCRIPTION_SORT_KEYS } from '@app/shared';
import { accountSql } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../lib/sql-like';
import { seatInUse } from '../../lib/booking/bookings.repository';

// The capacity reads live beside the booking engine, shared with the seat and area edits.
export { bookingsAround, lockLibrary, poolCapacity, type BookingRow } from '../../lib/booking/bookings.repository';

export type SeatRow = {
  id: string;
  name: string;
  area_name: string;
  capacity: number;
  usable: boolean;
};

export type SubscriptionRow = {
  id: string;
  student_id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  start_time: string;
  end_time: string;
  is_reserved: boolean;
  seat_id: string | null;
  name: string | null;
  area_name: string | null;
  joining_date: string;
  plan_expires_at: string;
  duration: number;
  /** Exact decimal rupees as PostgreSQL prints them; the service turns them into numbers at the edge. */
  price: string;
  paid: string;
  balance: string;
  created_at: string;
  updated_at: string;
};

export async function libraryTimeZone(db: DbOrTx, libraryId: string): Promise<string | undefined> {
  const result = await db.execute<{ time_zone: string }>(sql`select time_zone from libraries where id = ${libraryId}`);
  return result.rows[0]?.time_zone;
}

/**
 * The student's state (`active`, or `left`, issue 19), its row share-locked to the end of the
 * booking's transaction: a parallel leave waits for the booking, or the booking sees them left.
 * Undefined when the library has no such student.
 */
export async function lockStudentState(
  tx: DbOrTx,
  libraryId: string,
  studentId: string,
): Promise<'active' | 'left' | undefined> {
  const result = await tx.execute<{ status: 'active' | 'left' }>(
    sql`select status from students where library_id = ${libraryId} and id = ${studentId} for share`,
  );
  return result.rows[0]?.status;
}

const seatColumns = sql`s.id, s.name, a.name as area_name, s.capacity, ${seatInUse} as usable`;

export async function findSeat(tx: DbOrTx, libraryId: string, seatId: string): Promise<SeatRow | undefined> {
  const result = await tx.execute<SeatRow>(sql`
    select ${seatColumns} from seats s join areas a on a.id = s.area_id
    where s.library_id = ${libraryId} and s.id = ${seatId}`);
  return result.rows[0];
}

/** Active seats in active areas, in the order owners read them. */
export async function usableSeats(tx: DbOrTx, libraryId: string): Promise<SeatRow[]> {
  const result = await tx.execute<SeatRow>(sql`
    select ${seatColumns} from seats s join areas a on a.id = s.area_id
    where s.library_id = ${libraryId} and ${seatInUse}
    order by a.name, length(s.name), s.name`);
  return result.rows;
}

const rowColumns = sql`
  sub.id, sub.student_id, st.first_name, st.last_name, st.mobile,
  to_char(sub.start_time, 'HH24:MI:SS') as start_time, to_char(sub.end_time, 'HH24:MI:SS') as end_time,
  sub.is_reserved, sub.seat_id, se.name, ar.name as area_name,
  to_char(sub.joining_date, 'YYYY-MM-DD') as joining_date,
  to_char(sub.plan_expires_at, 'YYYY-MM-DD') as plan_expires_at,
  sub.duration_months as duration,
  money.price::text as price, money.paid::text as paid, money.balance::text as balance,
  to_char(sub.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(sub.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

const rowJoins = sql`
  from subscriptions sub
  join students st on st.id = sub.student_id
  left join seats se on se.id = sub.seat_id
  left join areas ar on ar.id = se.area_id`;

/** A subscription's agreed prices, its payments and its balance (the shared rule, db/account.ts). */
const moneyJoins = sql`cross join lateral ${accountSql({ libraryId: sql`sub.library_id`, subscriptionId: sql`sub.id` })} money`;

export async function findSubscription(
  db: DbOrTx,
  libraryId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const result = await db.execute<SubscriptionRow>(
    sql`select ${rowColumns} ${rowJoins} ${moneyJoins} where sub.library_id = ${libraryId} and sub.id = ${id}`,
  );
  return result.rows[0];
}

export interface NewSubscription {
  studentId: string;
  seatId: string | null;
  isReserved: boolean;
  startTime: string;
  endTime: string;
  joiningDate: string;
  planExpiresAt: string;
  durationMonths: number;
}

export async function insertSubscription(tx: DbOrTx, libraryId: string, input: NewSubscription): Promise<string> {
  const result = await tx.execute<{ id: string }>(sql`
    insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
    values (${libraryId}, ${input.studentId}, ${input.seatId}, ${input.isReserved}, ${input.startTime}, ${input.endTime},
            ${input.joiningDate}, ${input.planExpiresAt}, ${input.durationMonths})
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('subscription insert returned nothing');
  return id;
}

export async function updateWindow(
  tx: DbOrTx,
  libraryId: string,
  id: string,
  input: { startTime: string; endTime: string; isReserved: boolean; seatId: string | null },
) {
  await tx.execute(sql`
    update subscriptions set start_time = ${input.startTime}, end_time = ${input.endTime},
      is_reserved = ${input.isReserved}, seat_id = ${input.seatId}, updated_at = now()
    where library_id = ${libraryId} and id = ${id}`);
}

export async function extendPlan(
  tx: DbOrTx,
  libraryId: string,
  id: string,
  input: { joiningDate: string; planExpiresAt: string; durationMonths: number },
) {
  await tx.execute(sql`
    update subscriptions set joining_date = ${input.joiningDate}, plan_expires_at = ${input.planExpiresAt},
      duration_months = ${input.durationMonths}, updated_at = now()
    where library_id = ${libraryId} and id = ${id}`);
}

export interface ListOptions {
  page: number;
  limit: number;
  sortBy: (typeof SUBSCRIPTION_SORT_KEYS)[number];
  descending: boolean;
  search?: string;
  status?: 'active' | 'expired' | 'expiring' | 'upcoming';
  today: string;
}

const SORT_COLUMNS: Record<ListOptions['sortBy'], SQL> = {
  plan_expire_at: sql`sub.plan_expires_at`,
  plan_expires_at: sql`sub.plan_expires_at`,
  joining_date: sql`sub.joining_date`,
  created_at: sql`sub.created_at`,
  updated_at: sql`sub.updated_at`,
  name: sql`lower(st.first_name || ' ' || coalesce(st.last_name, ''))`,
  start_time: sql`sub.start_time`,
};

export async function listSubscriptions(db: DbOrTx, libraryId: string, options: ListOptions) {
  const filters: SQL[] = [sql`sub.library_id = ${libraryId}`];
  if (options.search) {
    const pattern = containsPattern(options.search);
    filters.push(
      sql`(st.first_name || ' ' || coalesce(st.last_name, '') ilike ${pattern} or st.mobile like ${pattern})`,
    );
  }
  const today = sql`${options.today}::date`;
  if (options.status === 'active') filters.push(sql`sub.joining_date <= ${today} and sub.plan_expires_at >= ${today}`);
  if (options.status === 'expired') filters.push(sql`sub.plan_expires_at < ${today}`);
  if (options.status === 'upcoming') filters.push(sql`sub.joining_date > ${today}`);
  if (options.status === 'expiring') {
    filters.push(sql`sub.joining_date <= ${today} and sub.plan_expires_at between ${today} and ${today} + 7`);
  }
  const where = sql.join(filters, sql` and `);
  const direction = options.descending ? sql`desc` : sql`asc`;
  const [rows, count] = await Promise.all([
    db.execute<SubscriptionRow>(sql`
      select ${rowColumns} ${rowJoins} ${moneyJoins} where ${where}
      order by ${SORT_COLUMNS[options.sortBy]} ${direction}, sub.id
      limit ${options.limit} offset ${(options.page - 1) * options.limit}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total ${rowJoins} where ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
}
