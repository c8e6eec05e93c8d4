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
