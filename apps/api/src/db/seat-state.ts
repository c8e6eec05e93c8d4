import { sql, type SQL } from 'drizzle-orm';
import type { SeatState } from '@app/shared';
import { areas, seats } from './schema';

/**
 * THE derivation of a seat's live state (DESIGN.md §6), as one SQL expression over a
 * `seats` row joined to its `areas` row (the query must name both tables, so the
 * columns are qualified), in the library's own time zone:
 *
 * - `maintenance` when its area is under maintenance;
 * - `inactive` when the owner set the seat or its area inactive;
 * - `occupied` when a reserved subscription at this seat has a daily window covering
 *   now (a window that started yesterday evening and wraps past midnight counts);
 * - `reserved` when a reserved subscription at this seat is active today but its
 *   window does not cover now;
 * - `available` otherwise.
 *
 * The seat cards and every area's `availableSeats` (its seats whose state is
 * `available`) both read this expression, so they can never disagree.
 */
export function seatStateSql(): SQL<SeatState> {
  const local = sql`(now() at time zone (select l.time_zone from libraries l where l.id = ${seats.libraryId}))`;
  const today = sql`(${local})::date`;
  const nowTime = sql`(${local})::time`;
  const reservedHere = sql`sub.seat_id = ${seats.id} and sub.library_id = ${seats.libraryId} and sub.is_reserved`;
  const coversNow = sql`(
    (sub.joining_date <= ${today} and sub.plan_expires_at >= ${today} and (
      (sub.start_time < sub.end_time and ${nowTime} >= sub.start_time and ${nowTime} < sub.end_time)
      or (sub.start_time >= sub.end_time and ${nowTime} >= sub.start_time)))
    or (sub.joining_date <= ${today} - 1 and sub.plan_expires_at >= ${today} - 1
      and sub.start_time >= sub.end_time and ${nowTime} < sub.end_time))`;
  return sql<SeatState>`case
    when ${areas.status} = 'maintenance' then 'maintenance'
    when ${seats.status} = 'inactive' or ${areas.status} = 'inactive' then 'inactive'
    when exists (select 1 from subscriptions sub where ${reservedHere} and ${coversNow}) then 'occupied'
    when exists (select 1 from subscriptions sub where ${reservedHere}
      and sub.joining_date <= ${today} and sub.plan_expires_at >= ${today}) then 'reserved'
    else 'available'
  end`;
}
