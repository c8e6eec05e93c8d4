import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The reads every capacity check shares: the library's booking lock, the places
 * bookings can use, and the bookings themselves. Subscriptions (booking writes) and
 * seats and areas (edits that take places away) both check capacity through these.
 */

export type BookingRow = {
  id: string;
  seat_id: string | null;
  is_reserved: boolean;
  start_time: string;
  end_time: string;
  joining_date: string;
  plan_expires_at: string;
};

/** A seat as bookings see it: its capacity counts only while the seat and its area are active. */
export type SeatPlaces = { id: string; name: string; capacity: number; usable: boolean };

/** Whether a seat row `s` joined to its area `a` is in use: both active (DESIGN.md §6). */
export const seatInUse = sql`(s.status = 'active' and a.status = 'active')`;

/**
 * Locks the library's row for the rest of the transaction: every booking write,
 * and every seat or area edit that could take a place away, of one library runs
 * one at a time, so two requests can never both take the last place (DESIGN.md §6).
 * Answers the library's time zone.
 */
export async function lockLibrary(tx: DbOrTx, libraryId: string): Promise<{ timeZone: string } | undefined> {
  const result = await tx.execute<{ time_zone: string }>(
    sql`select time_zone from libraries where id = ${libraryId} for update`,
  );
  const row = result.rows[0];
  return row ? { timeZone: row.time_zone } : undefined;
}

/**
 * Holds the library's row against edits for the rest of a booking's transaction (`for key share`):
 * seat and area edits and a student's leave take the row `for update` and wait for the bookings
 * in flight, and those wait for them; bookings do not wait for each other here. Taken before the
 * student's row, as leave takes them. Bookings take turns on the occupancy rows of the days they
 * share instead, and this transaction asks migration 0018's guard to check its plans
 * (`booking.check`). Answers the library's time zone.
 */
export async function holdLibrary(tx: DbOrTx, libraryId: string): Promise<{ timeZone: string } | undefined> {
  const result = await tx.execute<{ time_zone: string }>(
    sql`select time_zone, set_config('booking.check', 'on', true) from libraries where id = ${libraryId} for key share`,
  );
  const row = result.rows[0];
  return row ? { timeZone: row.time_zone } : undefined;
}

/** A plan as the occupancy functions take it: its days, and its daily window's start minute and length. */
export interface PlanSpan {
  first: string;
  last: string;
  startMinute: number;
  length: number;
}

/** What a booking is checked against, read in one statement from the occupancy and the seat's plans. */
export type FitRow = {
  pool: number;
  pool_peak: number;
  /** The seat's, when a seat was asked for and exists in the library. */
  seat_name: string | null;
  seat_capacity: number | null;
  seat_usable: boolean | null;
  seat_peak: number | null;
};

/**
 * The pool's places and its busiest minute over the plan's minutes, and, for a seat, the seat
 * and its busiest minute among its other reserved plans, leaving `exclude` (a plan being
 * changed) out. Reads only the occupancy rows of the plan's days and the seat's own plans.
 */
export async function fitOf(
  tx: DbOrTx,
  libraryId: string,
  plan: PlanSpan,
  seatId: string | null,
  exclude?: { id: string } & PlanSpan,
): Promise<FitRow> {
  const { first, last, startMinute, length } = plan;
  const poolPeak = exclude
    ? sql`booking_pool_peak(${libraryId}, ${first}::date, ${last}::date, ${startMinute}::int, ${length}::int,
        ${exclude.first}::date, ${exclude.last}::date, ${exclude.startMinute}::int, ${exclude.length}::int)`
    : sql`booking_pool_peak(${libraryId}, ${first}::date, ${last}::date, ${startMinute}::int, ${length}::int)`;
  const seatPart = seatId
    ? sql`left join lateral (
        select s.name as seat_name, s.capacity as seat_capacity, ${seatInUse} as seat_usable,
          booking_seat_peak(${libraryId}, s.id, ${first}::date, ${last}::date, ${startMinute}::int, ${length}::int,
            ${exclude?.id ?? null}::uuid) as seat_peak
        from seats s join areas a on a.id = s.area_id
        where s.library_id = ${libraryId} and s.id = ${seatId}) seat on true`
    : sql`left join lateral (select null::text as seat_name, null::int as seat_capacity,
        null::boolean as seat_usable, null::int as seat_peak) seat on true`;
  const result = await tx.execute<FitRow>(sql`
    select booking_pool_capacity(${libraryId}) as pool, ${poolPeak} as pool_peak, seat.*
    from (select 1) one ${seatPart}`);
  const row = result.rows[0];
  if (!row) throw new Error('fit read returned nothing');
  return row;
}

/** What a new booking starts from (`openBooking`): the library's day, the student's state, the fit, the price list. */
export type BookingOpening = FitRow & {
  time_zone: string;
  /** The library's today, `YYYY-MM-DD`. */
  today: string;
  /** Undefined-like null when the library has no such student. */
  student_status: 'active' | 'left' | null;
  price_list: { duration: number; is_reserved: boolean; window_hours: number | null; price: string }[];
};

/**
 * A new booking's reads in one statement, in the order the locks must be taken: the library's row
 * held against edits (`for key share`, as `holdLibrary`, asking the guard to check this
 * transaction's plans), then the student's row share-locked (as the subscriptions repository's
 * `lockStudentState`: a parallel leave waits for the booking, or the booking sees them left), and
 * what the plan is checked against from the library's today on (as `fitOf`) and the price list.
 * The student's lock is taken on rows joined to the library's, so it always comes second, whatever
 * the plan. Undefined when there is no such library. `plan.first` is the joining date: the first
 * day checked is the later of it and today.
 */
export async function openBooking(
  tx: DbOrTx,
  libraryId: string,
  studentId: string,
  plan: PlanSpan,
  seatId: string | null,
): Promise<BookingOpening | undefined> {
  const { first, last, startMinute, length } = plan;
  const seatPart = seatId
    ? sql`left join lateral (
        select s.name as seat_name, s.capacity as seat_capacity, ${seatInUse} as seat_usable,
          booking_seat_peak(${libraryId}, s.id, span.first, ${last}::date, ${startMinute}::int, ${length}::int) as seat_peak
        from seats s join areas a on a.id = s.area_id
        where s.library_id = ${libraryId} and s.id = ${seatId}) seat on true`
    : sql`left join lateral (select null::text as seat_name, null::int as seat_capacity,
        null::boolean as seat_usable, null::int as seat_peak) seat on true`;
  const result = await tx.execute<BookingOpening>(sql`
    with lib as materialized (
      select l.id, l.time_zone, (now() at time zone l.time_zone)::date as today, set_config('booking.check', 'on', true) as checked
      from libraries l where l.id = ${libraryId} for key share
    ), student as materialized (
      select st.status from students st join lib on st.library_id = lib.id where st.id = ${studentId} for share of st
    ), span as (
      select greatest(${first}::date, lib.today) as first from lib
    )
    select lib.time_zone, to_char(lib.today, 'YYYY-MM-DD') as today, (select status from student) as student_status,
           booking_pool_capacity(${libraryId}) as pool,
           booking_pool_peak(${libraryId}, span.first, ${last}::date, ${startMinute}::int, ${length}::int) as pool_peak,
           seat.*,
           (select coalesce(json_agg(json_build_object('duration', p.duration_months, 'is_reserved', p.is_reserved,
                                                       'window_hours', p.window_hours, 'price', p.price::text)), '[]')
              from price_list p where p.library_id = ${libraryId}) as price_list
    from lib cross join span ${seatPart}`);
  return result.rows[0];
}

/**
 * Fires the booking guard (migration 0018) for this transaction's plan changes now rather than
 * at COMMIT: it takes the occupancy rows of their days, so this is the last statement before
 * COMMIT and the rows are held for one round trip. Throws the guard's refusal as a
 * `BookingRefused` ('pool' or 'seat').
 */
export async function applyBookingGuard(tx: DbOrTx): Promise<void> {
  try {
    await tx.execute(sql`set constraints booking_guard immediate`);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === 'BK001') throw new BookingRefused('pool');
    if (code === 'BK002') throw new BookingRefused('seat');
    throw error;
  }
}

/** The guard's refusal: the plan does not fit the pool or its seat. */
export class BookingRefused extends Error {
  constructor(readonly place: 'pool' | 'seat') {
    super(`booking refused: ${place} full`);
  }
}

/** The SQLSTATE behind a failed query (drizzle wraps the driver's error in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

/** Places in the library's pool: capacities of active seats in active areas. */
export async function poolCapacity(tx: DbOrTx, libraryId: string): Promise<number> {
  const result = await tx.execute<{ total: number }>(sql`
    select coalesce(sum(s.capacity), 0)::int as total
    from seats s join areas a on a.id = s.area_id
    where s.library_id = ${libraryId} and ${seatInUse}`);
  return result.rows[0]?.total ?? 0;
}

/** Every seat of the library with its capacity and whether it is in use. */
export async function seatPlaces(tx: DbOrTx, libraryId: string): Promise<SeatPlaces[]> {
  const result = await tx.execute<SeatPlaces>(sql`
    select s.id, s.name, s.capacity, ${seatInUse} as usable
    from seats s join areas a on a.id = s.area_id
    where s.library_id = ${libraryId}`);
  return result.rows;
}

const bookingColumns = sql`
  id, seat_id, is_reserved, to_char(start_time, 'HH24:MI:SS') as start_time,
  to_char(end_time, 'HH24:MI:SS') as end_time,
  to_char(joining_date, 'YYYY-MM-DD') as joining_date,
  to_char(plan_expires_at, 'YYYY-MM-DD') as plan_expires_at`;

/**
 * Subscriptions whose days touch [from − 1 day, to + 1 day] (an overnight window
 * reaches into the next morning), optionally of one seat, leaving one out. Without
 * `to`, every one from `from − 1 day` on.
 */
export async function bookingsAround(
  tx: DbOrTx,
  libraryId: string,
  from: string,
  to: string | undefined,
  options: { seatId?: string; excludeId?: string } = {},
): Promise<BookingRow[]> {
  const filters: SQL[] = [sql`library_id = ${libraryId}`, sql`plan_expires_at >= ${from}::date - 1`];
  if (to) filters.push(sql`joining_date <= ${to}::date + 1`);
  if (options.seatId) filters.push(sql`seat_id = ${options.seatId} and is_reserved`);
  if (options.excludeId) filters.push(sql`id <> ${options.excludeId}`);
  const result = await tx.execute<BookingRow>(
    sql`select ${bookingColumns} from subscriptions where ${sql.join(filters, sql` and `)}`,
  );
  return result.rows;
}
