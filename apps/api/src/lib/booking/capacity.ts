import { formatDateDMY, formatWindow, messages, todayIn } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import * as repository from './bookings.repository';
import { busiestMoment, type Booking, type BusiestMoment } from './engine';
import { dateOfDayNumber, dayNumber, formatTimeOfDay, MINUTES_PER_DAY, parseTimeOfDay } from './time';

/** A stored subscription as the booking engine reads it (stored times and dates are always well-formed). */
export function bookingOfRow(row: repository.BookingRow): Booking {
  const start = parseTimeOfDay(row.start_time);
  const end = parseTimeOfDay(row.end_time);
  const first = dayNumber(row.joining_date);
  const last = dayNumber(row.plan_expires_at);
  if (start === undefined || end === undefined || first === undefined || last === undefined) {
    throw new Error(`malformed subscription row ${row.id}`);
  }
  return { window: { start, end }, days: { first, last } };
}

/** The places bookings can use: the pool, and each seat's (0 while the seat or its area is not in use). */
interface Places {
  pool: number;
  seats: Map<string, { name: string; places: number }>;
}

async function placesOf(tx: DbOrTx, libraryId: string): Promise<Places> {
  const [pool, seats] = await Promise.all([
    repository.poolCapacity(tx, libraryId),
    repository.seatPlaces(tx, libraryId),
  ]);
  return {
    pool,
    seats: new Map(seats.map((seat) => [seat.id, { name: seat.name, places: seat.usable ? seat.capacity : 0 }])),
  };
}

/** The busiest moment of these bookings on any day from `first` on (an overnight window's last morning included). */
function busiestFrom(bookings: Booking[], first: number): BusiestMoment {
  const last = Math.max(first, ...bookings.map((booking) => booking.days.last + 1));
  return busiestMoment(bookings, { window: { start: 0, end: 0 }, days: { first, last } });
}

/** The busiest stretch in words: its window of the day and its date. */
function inWords(moment: BusiestMoment) {
  const day = moment.day + Math.floor(moment.from / MINUTES_PER_DAY);
  const time = (minute: number) => formatTimeOfDay(minute % MINUTES_PER_DAY);
  return {
    window: formatWindow(time(moment.from), time(moment.to)),
    date: formatDateDMY(dateOfDayNumber(day)),
  };
}

/**
 * Refuses (409) when the places left after an edit do not hold the current and future
 * subscriptions: the reserved ones at each seat whose places dropped, and everyone in
 * the pool when it shrank. Only what the edit took away is checked, so an unrelated
 * edit is never blocked by some other part of the library.
 */
async function assertPlacesKept(
  tx: DbOrTx,
  libraryId: string,
  today: string,
  before: Places,
  field: string | undefined,
) {
  const after = await placesOf(tx, libraryId);
  const shrunkSeats = [...before.seats].filter(([id, seat]) => (after.seats.get(id)?.places ?? 0) < seat.places);
  if (shrunkSeats.length === 0 && after.pool >= before.pool) return;

  const first = dayNumber(today);
  if (first === undefined) throw new Error(`not a date: ${today}`);
  const rows = await repository.bookingsAround(tx, libraryId, today, undefined);
  for (const [id, seat] of shrunkSeats) {
    const places = after.seats.get(id)?.places ?? 0;
    const atSeat = rows.filter((row) => row.is_reserved && row.seat_id === id).map(bookingOfRow);
    const busiest = busiestFrom(atSeat, first);
    if (busiest.count > places) {
      const { window, date } = inWords(busiest);
      throw conflict(messages.seats.seatOverbooked(seat.name, busiest.count, window, date, places), field);
    }
  }
  if (after.pool < before.pool) {
    const busiest = busiestFrom(rows.map(bookingOfRow), first);
    if (busiest.count > after.pool) {
      const { window, date } = inWords(busiest);
      throw conflict(messages.seats.poolOverbooked(busiest.count, window, date, after.pool), field);
    }
  }
}

/**
 * Runs a seat or area edit in a transaction holding the library's booking lock (the
 * one subscription writes take), so no booking slips in between the edit and its
 * check; the edit is rolled back with a 409 naming the window and how many
 * subscriptions share it when it leaves them fewer places than they need.
 * `fieldOf` names the body field the refusal points at, from the edit's result.
 */
export function editKeepingBookedPlaces<T>(
  db: DbOrTx,
  libraryId: string,
  edit: (tx: DbOrTx) => Promise<T>,
  fieldOf: (result: T) => string | undefined = () => undefined,
): Promise<T> {
  return db.transaction(async (tx) => {
    const library = await repository.lockLibrary(tx, libraryId);
    if (!library) throw notFound();
    const before = await placesOf(tx, libraryId);
    const result = await edit(tx);
    await assertPlacesKept(tx, libraryId, todayIn(library.timeZone), before, fieldOf(result));
    return result;
  });
}
