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
 * Its parts: `libraryClockSql`, a FROM item `clock` with the library's local time now;
 * `seatHoldSql`, a LATERAL FROM item with whether seat `s` is held now (`occupied`) or today
 * (`running`) by a reserved plan; `seatStateSql`, the state of a seat row `s` of area `a` from
 * them, its holds joined as `h`; and `seatAvailableSql`, whether that state is `available`,
 * for counting, written from the same conditions:
 *
 *     from ${libraryClockSql(libraryId)}
 *     cross join seats s join areas a on a.id = s.area_id
 *     left join ${seatHoldSql()} h on true
 *
 * Each seat's holds are read from its own entries of migration 0020's partial index of reserved
 * plans by seat (`subscriptions_seat_reserved_idx`, which carries every column the rule reads),
 * one probe a seat: about 3 µs. Whatever plan PostgreSQL picks, the work grows with the seats
 * listed, so the statements that read this can be prepared (planned once per connection, not
 * per request): a generic plan sized for an average library cannot go quadratic at a large one.
 * The earlier form grouped the library's holds first and joined them to the seats; its generic
 * plan paired every seat with every hold, 92 s at a library of 16,210 seats against 66 ms for
 * this one (issue 18, docs/performance.md). The seat cards (`seatStateSql`) and every area's
 * `availableSeats` (`seatAvailableSql`) are written from the same conditions here, so they can
 * never disagree; seat-state.test.ts holds both to the rule above.
 */
export function libraryClockSql(libraryId: string): SQL {
  return sql`(select now() at time zone l.time_zone as at from libraries l where l.id = ${libraryId}) clock`;
}

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

/** Seat `s`'s reserved plans that may hold it now or today: its own entries of the partial index. */
const seatPlans = sql`subscriptions sub
    where sub.seat_id = s.id and sub.is_reserved and sub.library_id = s.library_id
      and sub.plan_expires_at >= ${today} - 1 and sub.joining_date <= ${today}`;

/** Seat `s` or its area (`area`, `a` unless named) is out of use whatever its plans. */
const outOfUse = (area = 'a') => {
  const status = sql.raw(`${area}.status`);
  return sql`(${status} = 'maintenance' or s.status = 'inactive' or ${status} = 'inactive')`;
};

/** Whether seat `s` is held now (`occupied`) or today (`running`): a LATERAL FROM item (`clock` joined). */
export function seatHoldSql(): SQL {
  return sql`lateral (
    select bool_or(${coversNow}) as occupied, bool_or(${runsToday}) as running
    from ${seatPlans}
  )`;
}

/** The state of seat `s` in area `a`, its holds joined as `h` (see `seatHoldSql`). */
export function seatStateSql(): SQL {
  return sql`case
    when a.status = 'maintenance' then 'maintenance'
    when ${outOfUse()} then 'inactive'
    when h.occupied then 'occupied'
    when h.running then 'reserved'
    else 'available'
  end`;
}

/**
 * Whether seat `s` of area `area` (an alias, `a` unless named) is `available` as `seatStateSql`
 * says, without `h`: for counts, its probe stops at the seat's first plan that holds it (a fifth
 * cheaper than `seatHoldSql` at a library of 16,210 seats), and a seat out of use is not probed.
 */
export function seatAvailableSql(area = 'a'): SQL {
  return sql`(not ${outOfUse(area)} and not exists (select 1 from ${seatPlans} and (${coversNow} or ${runsToday})))`;
}
