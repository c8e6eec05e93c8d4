import { sql, type SQL } from 'drizzle-orm';
import type { SUBSCRIPTION_SORT_KEYS } from '@app/shared';
import { accountSql } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { pageBounds, runStatement, statementsByShape } from '../../db/prepared';
import { containsPattern } from '../../lib/sql-like';
import { seatInUse } from '../../lib/booking/bookings.repository';

// The capacity reads live beside the booking engine, shared with the seat and area edits.
export {
  bookingsAround,
  fitOf,
  holdLibrary,
  lockLibrary,
  poolCapacity,
  type BookingRow,
} from '../../lib/booking/bookings.repository';

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

// GET /subscription/available's statement: subscriptions.availability.ts.

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

/**
 * A page of the library's subscriptions and their exact total, in one statement: each row
 * carries the total (a scalar subquery, one snapshot and one round trip; the students and fees
 * lists do the same), and a page past the end, with no row to carry it, is counted by a second
 * statement only then. The library's today (for the status filters and the rows' status) is
 * worked out in the statement rather than read first. The total counts only what the filters
 * need: the kept per-library number when nothing filters (library_subscription_counts,
 * migration 0018), the subscriptions alone for a status, and the students' names only for a search.
 */
/** What decides the text of the list's statements (every value is a placeholder). */
type ListShape = Pick<ListOptions, 'sortBy' | 'descending' | 'status' | 'limit'> & {
  search: boolean;
  firstPage: boolean;
  totalOnly: boolean;
};

/**
 * The page's statement (or, `totalOnly`, its total's) for one shape, with the placeholders
 * `library`, `pattern` (a search's), `limit` and `offset`: written once per shape
 * (db/prepared.ts `statementsByShape`).
 */
const listStatement = statementsByShape<ListShape>(
  (shape) =>
    `${shape.sortBy} ${shape.descending} ${shape.status ?? ''} ${shape.search} ${shape.limit} ${shape.firstPage} ${shape.totalOnly}`,
  (shape) => {
    const libraryId = sql.placeholder('library');
    const filters: SQL[] = [sql`sub.library_id = ${libraryId}`];
    if (shape.search) {
      const pattern = sql.placeholder('pattern');
      filters.push(
        sql`(st.first_name || ' ' || coalesce(st.last_name, '') ilike ${pattern} or st.mobile like ${pattern})`,
      );
    }
    // A scalar subquery (one InitPlan), so the status filters bound the expiry index like a constant.
    const today = sql`(select (now() at time zone time_zone)::date from libraries where id = ${libraryId})`;
    if (shape.status === 'active') filters.push(sql`sub.joining_date <= ${today} and sub.plan_expires_at >= ${today}`);
    if (shape.status === 'expired') filters.push(sql`sub.plan_expires_at < ${today}`);
    if (shape.status === 'upcoming') filters.push(sql`sub.joining_date > ${today}`);
    if (shape.status === 'expiring') {
      filters.push(sql`sub.joining_date <= ${today} and sub.plan_expires_at between ${today} and ${today} + 7`);
    }
    const where = sql.join(filters, sql` and `);
    const total = shape.search
      ? sql`(select count(*)::int from subscriptions sub join students st on st.id = sub.student_id where ${where})`
      : shape.status
        ? sql`(select count(*)::int from subscriptions sub where ${where})`
        : sql`coalesce((select total from library_subscription_counts where library_id = ${libraryId}), 0)`;
    if (shape.totalOnly) return sql`select ${total} as total`;
    const lib = sql`(select (now() at time zone time_zone)::date as today from libraries where id = ${libraryId}) lib`;
    const direction = shape.descending ? sql`desc` : sql`asc`;
    // The page's ten ids first, from the subscriptions alone (the students only when the search or
    // the sort needs their names), in the index's order; then the joins and the money for those ten.
    return sql`
      select ${rowColumns}, to_char(lib.today, 'YYYY-MM-DD') as today, ${total} as total
      from ${lib} cross join (
        select sub.* from subscriptions sub
        ${shape.search || shape.sortBy === 'name' ? sql`join students st on st.id = sub.student_id` : sql``}
        where ${where}
        order by ${SORT_COLUMNS[shape.sortBy]} ${direction}, sub.id
        ${pageBounds(shape)}
      ) sub
      join students st on st.id = sub.student_id
      left join seats se on se.id = sub.seat_id
      left join areas ar on ar.id = se.area_id
      ${moneyJoins}
      order by ${SORT_COLUMNS[shape.sortBy]} ${direction}, sub.id`;
  },
);

export async function listSubscriptions(db: DbOrTx, libraryId: string, options: ListOptions) {
  const shape = {
    sortBy: options.sortBy,
    descending: options.descending,
    status: options.status,
    search: Boolean(options.search),
    limit: options.limit,
    firstPage: options.page === 1,
  };
  const values = {
    library: libraryId,
    pattern: options.search ? containsPattern(options.search) : undefined,
    limit: options.limit,
    offset: (options.page - 1) * options.limit,
  };
  // Prepared (planned once per connection, db/prepared.ts) except a search: the page's plan is
  // planning-bound (about 1 ms to plan, under 0.5 ms to run at the demo library), and its generic
  // plan is the custom one at every size (the sort's index under a limit, then one probe per row).
  // A search stays planned with its pattern, which decides whether the names' index pays.
  const prepared = { prepared: !options.search };
  const rows = await runStatement<SubscriptionRow & { today: string; total: number }>(
    db,
    listStatement({ ...shape, totalOnly: false }),
    values,
    prepared,
  );
  if (rows.length > 0 || options.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the end has no row to carry the total: it is counted then.
  const [counted] = await runStatement<{ total: number }>(
    db,
    listStatement({ ...shape, totalOnly: true }),
    values,
    prepared,
  );
  return { rows, total: counted?.total ?? 0 };
}
