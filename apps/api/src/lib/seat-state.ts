import { sql, type SQL } from 'drizzle-orm';
import type { SeatState } from '@app/shared';
import { areas, seats } from '../db/schema';

/**
 * THE derivation of a seat's live state (DESIGN.md §6), as one SQL expression over a
 * `seats` row joined to its `areas` row (the query must name both tables, so the
 * columns are qualified):
 *
 * - `maintenance` when its area is under maintenance;
 * - `inactive` when the owner set the seat or its area inactive;
 * - `available` otherwise.
 *
 * The subscriptions issue adds its two states here, and only here, between
 * `inactive` and `available`: `occupied` when a reserved subscription at this seat has
 * a daily window covering the library's current time today, and `reserved` when a
 * reserved subscription at this seat is active today but its window does not cover
 * now. The seat cards and every area's `availableSeats` (its seats whose state is
 * `available`) both read this expression, so they can never disagree.
 */
export function seatStateSql(): SQL<SeatState> {
  return sql<SeatState>`case
    when ${areas.status} = 'maintenance' then 'maintenance'
    when ${seats.status} = 'inactive' or ${areas.status} = 'inactive' then 'inactive'
    else 'available'
  end`;
}
