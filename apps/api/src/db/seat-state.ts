import { sql, type SQL } from 'drizzle-orm';

/**
 * THE derivation of a seat's live state (DESIGN.md §6), in the library's own time zone:
 *
 * - `maintenance` when its area is under maintenance;
 * - `inactive` when the owner set the seat or its area inactive;
 * - `occupied` when a reserved subscription at this seat has a daily window covering
 *   now (a window that started yesterday evening and wraps past midnight counts);
 * - `reserved` when a reserved subscription at this seat is active today but its
 *   window does not cover now;
 * - `available` otherwise.
 *
 * It comes in two parts that are only used together: `seatHoldsSql`, a FROM item with one row
 * per seat that has a reserved plan today (or one from yesterday evening still running), and
 * `seatStateSql`, the state of a seat row `s` of area `a` joined to it as `h`:
 *
 *     from seats s join areas a on a.id = s.area_id
 *     left join ${seatHoldsSql(libraryId)} h on h.seat_id = s.id
 *
 * The holds are worked out for the whole library in one pass over its current reserved plans
 * (migration 0024's index), not by probing each seat's plans: at a library of 16,000 seats that
 * was 16,000 lookups on every areas or seats request (issue 18, bench/saas). The seat cards and
 * every area's `availableSeats` (its seats whose state is `available`) both read this, so they can
 * never disagree; seat-state.test.ts holds it to the rule above.
 */
export function seatHoldsSql(libraryId: string, onlySeatIds?: readonly string[]): SQL {
  const local = sql`clock.at`;
  const today = sql`(${local})::date`;
  const nowTime = sql`(${local})::time`;
  const coversNow = sql`(
    (sub.joining_date <= ${today} and sub.plan_expires_at >= ${today} and (
      (sub.start_time < sub.end_time and ${nowTime} >= sub.start_time and ${nowTime} < sub.end_time)
      or (sub.start_time >= sub.end_time and ${nowTime} >= sub.start_time)))
    or (sub.joining_date <= ${today} - 1 and sub.plan_expires_at >= ${today} - 1
      and sub.start_time >= sub.end_time and ${nowTime} < sub.end_time))`;
  const onlySeats =
    onlySeatIds === undefined ? sql`` : sql`and sub.seat_id = any(${sql.param([...onlySeatIds])}::uuid[])`;
  return sql`(
    select sub.seat_id,
      bool_or(${coversNow}) as occupied,
      bool_or(sub.joining_date <= ${today} and sub.plan_expires_at >= ${today}) as running
    from (select now() at time zone l.time_zone as at from libraries l where l.id = ${libraryId}) clock
    join subscriptions sub on sub.library_id = ${libraryId} and sub.is_reserved
      and sub.plan_expires_at >= ${today} - 1 and sub.joining_date <= ${today} ${onlySeats}
    group by sub.seat_id
  )`;
}

/** The state of seat `s` in area `a`, its holds joined as `h` (see `seatHoldsSql`). */
export function seatStateSql(): SQL {
  return sql`case
    when a.status = 'maintenance' then 'maintenance'
    when s.status = 'inactive' or a.status = 'inactive' then 'inactive'
    when h.occupied then 'occupied'
    when h.running then 'reserved'
    else 'available'
  end`;
}
