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
 * `seatStateSql(libraryId)` is the state of a seat row `s` of area `a`, and
 * `seatAvailableSql(libraryId)` whether that state is `available` (for counting), both written
 * from the same conditions below:
 *
 *     select s.id, ${seatStateSql(libraryId)} as state
 *     from seats s join areas a on a.id = s.area_id where s.library_id = ...
 *
 * A seat's holds are looked up in the sets of the library's seats held now and held today: each an
 * uncorrelated subquery over the library's current reserved plans (one range of migration 0024's
 * partial index, `subscriptions_library_reserved_idx`, which carries every column the rule reads),
 * which PostgreSQL runs once per statement and hashes (`s.id in (...)` in an expression is a
 * "hashed SubPlan"). Whatever plan PostgreSQL picks, the work is one pass over those plans and one
 * lookup a seat, so the statements that read this can be prepared (planned once per connection):
 * a generic plan sized for an average library cannot go quadratic at a large one. Two earlier forms
 * could not be prepared: the holds grouped by seat and joined to the seats (a generic plan paired
 * every seat with every hold: 92 s at a library of 16,210 seats), and a probe of each seat's own
 * plans (safe, but about 3 µs a seat: 118 ms against 66 ms now at bench/saas's 16,455 seats; issue
 * 18, docs/performance.md). The seat cards and every area's `availableSeats` are written from the
 * same conditions here, so they can never disagree; seat-state.test.ts holds both to the rule above.
 */

/** The library's clock: a FROM item `clock` with its local time now (`clock.at`). */
const libraryClock = (libraryId: string) =>
  sql`(select now() at time zone l.time_zone as at from libraries l where l.id = ${libraryId}) clock`;

const today = sql`(clock.at)::date`;
const nowTime = sql`(clock.at)::time`;

/** Plan `sub` covers now: today's window, or yesterday's that wraps past midnight. */
const coversNow = sql`(
    (sub.joining_date <= ${today} and sub.plan_expires_at >= ${today} and (
      (sub.start_time < sub.end_time and ${nowTime} >= sub.start_time and ${nowTime} < sub.end_time)
      or (sub.start_time >= sub.end_time and ${nowTime} >= sub.start_time)))
    or (sub.joining_date <= ${today} - 1 and sub.plan_expires_at >= ${today} - 1
      and sub.start_time >= sub.end_time and ${nowTime} < sub.end_time))`;

/** Plan `sub` runs today. */
const runsToday = sql`(sub.joining_date <= ${today} and sub.plan_expires_at >= ${today})`;

/** The library's seats with a reserved plan that `holds` (over the plan `sub`): for `s.id in (...)`. */
function seatsWhere(libraryId: string, holds: SQL): SQL {
  return sql`(select sub.seat_id from ${libraryClock(libraryId)}
    join subscriptions sub on sub.library_id = ${libraryId} and sub.is_reserved and sub.seat_id is not null
      and sub.plan_expires_at >= ${today} - 1 and sub.joining_date <= ${today}
    where ${holds})`;
}

/** Seat `s` or its area (`area`, `a` unless named) is out of use whatever its plans. */
const outOfUse = (area = 'a') => {
  const status = sql.raw(`${area}.status`);
  return sql`(${status} = 'maintenance' or s.status = 'inactive' or ${status} = 'inactive')`;
};

/** The state of seat `s` in area `a` of the library (see above). */
export function seatStateSql(libraryId: string): SQL {
  return sql`case
    when a.status = 'maintenance' then 'maintenance'
    when ${outOfUse()} then 'inactive'
    when s.id in ${seatsWhere(libraryId, coversNow)} then 'occupied'
    when s.id in ${seatsWhere(libraryId, runsToday)} then 'reserved'
    else 'available'
  end`;
}

/** Whether seat `s` of area `area` (an alias, `a` unless named) of the library is `available` as `seatStateSql` says. */
export function seatAvailableSql(libraryId: string, area = 'a'): SQL {
  return sql`(not ${outOfUse(area)} and s.id not in ${seatsWhere(libraryId, sql`(${coversNow} or ${runsToday})`)})`;
}
