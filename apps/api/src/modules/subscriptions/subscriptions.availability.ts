import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seatInUse } from '../../lib/booking/bookings.repository';
import { jsonArrayPieces } from '../../lib/json-answer';

export interface AvailabilityAnswer {
  pool: number;
  /** The most plans holding a place at once over the window's minutes, from the library's today on. */
  peak: number;
  /** Nothing left to book: the range ends before the library's today. */
  empty: boolean;
  /**
   * Usable seats with a free place for the whole window and range, in the order owners read
   * them, as the JSON text of the answer's `nonReservedSeats` (each `{ id, name, area_name,
   * capacity }`, `availabilitySchema` in @app/shared), in pieces (an area's seats each); an empty
   * array when the pool has no place left.
   */
  seats: string[];
}

/**
 * What `GET /subscription/available` answers, in one statement: the library's today, the pool
 * and its peak over the window's minutes (booking_occupancy, leaving `excludeId`'s plan out),
 * and the usable seats whose reserved plans leave a place: a seat is free when fewer of its
 * plans overlap the window than it has places (exact for one place; a seat of several places
 * that many overlap is counted minute by minute by booking_seat_peak). Undefined: no library.
 *
 * The seats come back as the JSON text PostgreSQL writes (each seat's row, whose columns are the
 * answer's keys, an area's seats a row; area by area in the order of their names, which are unique,
 * is the order by name), sent as it is: at the largest libraries they are 16,000 and
 * more, and parsing them into objects, checking each and writing them out again cost Node about
 * as much as PostgreSQL's work (issue 18, docs/performance.md).
 */
export async function availabilityOf(
  db: DbOrTx,
  libraryId: string,
  query: { joiningDate: string; last: string; startMinute: number; length: number; excludeId?: string },
): Promise<AvailabilityAnswer | undefined> {
  const { startMinute, length } = query;
  const excludeId = query.excludeId ?? null;
  const result = await db.execute<{ pool: number; peak: number; empty: boolean; elements: string | null }>(sql`
    with span as (
      select greatest(${query.joiningDate}::date, (now() at time zone l.time_zone)::date) as first, ${query.last}::date as last
      from libraries l where l.id = ${libraryId}
    ), ex as (
      select joining_date, plan_expires_at, booking_minute(start_time) as sm, booking_length(start_time, end_time) as len
      from subscriptions where library_id = ${libraryId} and id = ${excludeId}::uuid
    ), pool as materialized ( -- once: the seats' rows (one per area) would each call the two functions again
      select booking_pool_capacity(${libraryId}) as places,
        booking_pool_peak(${libraryId}, span.first, span.last, ${startMinute}::int, ${length}::int,
          ex.joining_date, ex.plan_expires_at, ex.sm, ex.len) as peak
      from span left join ex on true
    ), busy as (
      select sub.seat_id, count(*)::int as n
      from subscriptions sub, span
      where sub.library_id = ${libraryId} and sub.is_reserved and sub.id is distinct from ${excludeId}::uuid
        and sub.plan_expires_at >= span.first - 1 and sub.joining_date <= span.last + 1
        and booking_overlaps(sub.joining_date, sub.plan_expires_at, sub.start_time, sub.end_time,
          span.first, span.last, ${startMinute}::int, ${length}::int)
      group by sub.seat_id
    )
    select pool.places as pool, pool.peak, span.last < span.first as empty, free.elements
    from span cross join pool
    left join lateral (
      select a.name as area, a.id as area_id,
        string_agg(row_to_json(seat)::text, ',' order by length(s.name), s.name) as elements
      from seats s join areas a on a.library_id = ${libraryId} and a.id = s.area_id left join busy b on b.seat_id = s.id
      cross join lateral (select s.id, s.name, a.name as area_name, s.capacity) seat
      where span.last >= span.first and pool.places > pool.peak
        and s.library_id = ${libraryId} and ${seatInUse}
        and case when coalesce(b.n, 0) < s.capacity then true
                 when s.capacity = 1 then false
                 else booking_seat_peak(${libraryId}, s.id, span.first, span.last, ${startMinute}::int, ${length}::int,
                   ${excludeId}::uuid) < s.capacity end
      group by a.name, a.id
    ) free on true
    order by free.area, free.area_id`);
  const row = result.rows[0];
  if (!row) return undefined;
  const areas = result.rows.filter((area): area is typeof area & { elements: string } => area.elements !== null);
  return { pool: row.pool, peak: row.peak, empty: row.empty, seats: jsonArrayPieces(areas) };
}
