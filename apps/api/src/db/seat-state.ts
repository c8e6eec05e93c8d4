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
 * It comes in three parts that are only used together: `libraryClockSql`, a FROM item `clock`
 * with the library's local time now; `seatHoldSql`, a LATERAL FROM item with whether seat `s` is
 * held now (`occupied`) or today (`running`) by a reserved plan; and `seatStateSql`, the state of
 * a seat row `s` of area `a` from them, its holds joined as `h`:
 *
 *     from ${libraryClockSql(libraryId)}
 *     cross join seats s join areas a on a.id = s.area_id
 *     left join ${seatHoldSql()} h on true
 *
 * Each seat's holds are read from its own entries of migration 0018's partial index of reserved
 * plans by seat (`subscriptions_seat_reserved_idx`, which carries every column the rule reads),
 * one probe a seat: about 3 µs. Whatever plan PostgreSQL picks, the work grows with the seats
 * listed, so the statements that read this can be prepared (planned once per connection, not
 * per request): a generic plan sized for an average library cannot go quadratic at a large one.
 * The earlier form grouped the library's holds first and joined them to the seats; its generic
 * plan paired every seat with every hold, 92 s at a library of 16,210 seats against 66 ms for
 * this one (issue 18, docs/performance.md). The seat cards and every area's `availableSeats`
 * (its seats whose state is `available`) both read this, so they can never disagree;
 * seat-state.test.ts holds it to the rule above.
 */
export function libraryClockSql(libraryId: string): SQL {
  return sql`(select now() at time zone l.time_zone as at from libraries l where l.id = ${libraryId}) clock`;
}

/** Seat `s`'s reserved plans that may hold it now or today (`clock` joined, see `libraryClockSql`). */
export function seatHoldSql(): SQL {
  const local = sql`clock.at`;
  const today = sql`(${local})::date`;
  const nowTime = sql`(${local})::time`;
  const coversNow = sql`(
    (sub.joining_date <= ${today} and sub.plan_expires_at >= ${today} and (
      (sub.start_time < sub.end_time and ${nowTime} >= sub.start_time and ${nowTime} < sub.end_time)
      or (sub.start_time >= sub.end_time and ${nowTime} >= sub.start_time)))
    or (sub.joining_date <= ${today} - 1 and sub.plan_expires_at >= ${today} - 1
      and sub.start_time >= sub.end_time and ${nowTime} < sub.end_time))`;
  return sql`lateral (
    select bool_or(${coversNow}) as occupied,
      bool_or(sub.joining_date <= ${today} and sub.plan_expires_at >= ${today}) as running
    from subscriptions sub
    where sub.seat_id = s.id and sub.is_reserved and sub.library_id = s.library_id
      and sub.plan_expires_at >= ${today} - 1 and sub.joining_date <= ${today}
  )`;
}

/** The state of seat `s` in area `a`, its holds joined as `h` (see `seatHoldSql`). */
export function seatStateSql(): SQL {
  return sql`case
    when a.status = 'maintenance' then 'maintenance'
    when s.status = 'inactive' or a.status = 'inactive' then 'inactive'
    when h.occupied then 'occupied'
    when h.running then 'reserved'
    else 'available'
  end`;
}
