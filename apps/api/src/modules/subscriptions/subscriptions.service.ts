import { type z } from 'zod';
import {
  formatDateDMY,
  formatWindow,
  messages,
  paginate,
  type Availability,
  type Subscription,
  type subscriptionCreateSchema,
  type subscriptionListQuerySchema,
  type subscriptionRenewSchema,
  type subscriptionUpdateSchema,
  todayIn,
  privacyMessages,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { bookingOfRow } from '../../lib/booking/capacity';
import { fits, placesLeft, type Booking } from '../../lib/booking/engine';
import { dateOfDayNumber, dayNumber, formatTimeOfDay, parseTimeOfDay, planExpiry } from '../../lib/booking/time';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as ledger from '../../lib/ledger/ledger';
import * as repository from './subscriptions.repository';

const m = messages.subscriptions;
const paymentMessages = messages.payments;

type CreateInput = z.output<typeof subscriptionCreateSchema>;
type UpdateInput = z.output<typeof subscriptionUpdateSchema>;
type RenewInput = z.output<typeof subscriptionRenewSchema>;
type ListQuery = z.output<typeof subscriptionListQuerySchema>;

/** What the subscription calls run on: the database, or the transaction of an Idempotency-Key. */
export type SubscriptionsContext = ServiceContext;

function toMinutes(time: string): number {
  const minutes = parseTimeOfDay(time);
  if (minutes === undefined) throw new AppError(400, m.invalidTime);
  return minutes;
}

function toDay(date: string): number {
  const day = dayNumber(date);
  if (day === undefined) throw new AppError(400, m.invalidDate, [{ field: 'joining_date', message: m.invalidDate }]);
  return day;
}

/** The status a row shows: upcoming before its joining date, expired after its last day. */
function present(row: repository.SubscriptionRow, today: string): Subscription {
  const status = row.joining_date > today ? 'upcoming' : row.plan_expires_at < today ? 'expired' : 'active';
  return {
    ...row,
    plan_expire_at: row.plan_expires_at,
    status,
    price: Number(row.price),
    paid: Number(row.paid),
    balance: Number(row.balance),
  };
}

interface Candidate {
  window: { start: number; end: number };
  first: number;
  last: number;
  startTime: string;
  endTime: string;
}

/** The candidate of a daily window `startTime`–`endTime` (`HH:mm:ss`) booked from day `first` to day `last`. */
function candidate(startTime: string, endTime: string, first: number, last: number): Candidate {
  return { window: { start: toMinutes(startTime), end: toMinutes(endTime) }, first, last, startTime, endTime };
}

/** The daily window (times as `HH:mm:ss`) and seat a create or an update asks for. */
function requestedPlace(input: CreateInput | UpdateInput) {
  return {
    startTime: formatTimeOfDay(toMinutes(input.start_time)),
    endTime: formatTimeOfDay(toMinutes(input.end_time)),
    seatId: input.is_reserved ? (input.seat_id ?? null) : null,
  };
}

/**
 * Checks that the candidate fits the library's pool and, when reserved, its
 * seat: 409 naming the window when it does not. Must run inside the
 * transaction that holds the library lock.
 */
async function assertFits(
  tx: DbOrTx,
  libraryId: string,
  candidate: Candidate,
  seatId: string | null,
  excludeId?: string,
) {
  if (candidate.last < candidate.first) return; // nothing left to book (a plan entirely in the past)
  const booking: Booking = { window: candidate.window, days: { first: candidate.first, last: candidate.last } };
  const from = dateOfDayNumber(candidate.first);
  const to = dateOfDayNumber(candidate.last);
  const windowText = formatWindow(candidate.startTime, candidate.endTime);

  const pool = await repository.poolCapacity(tx, libraryId);
  const everyone = await repository.bookingsAround(tx, libraryId, from, to, { excludeId });
  if (!fits(everyone.map(bookingOfRow), booking, pool)) {
    throw conflict(m.poolFull(windowText, formatDateDMY(from), formatDateDMY(to)), 'start_time');
  }
  if (seatId) {
    const seat = await repository.findSeat(tx, libraryId, seatId);
    if (!seat) throw notFound(m.seatNotFound);
    if (!seat.usable) throw conflict(m.seatNotUsable, 'seat_id');
    const atSeat = await repository.bookingsAround(tx, libraryId, from, to, { seatId, excludeId });
    if (!fits(atSeat.map(bookingOfRow), booking, seat.capacity)) {
      throw conflict(m.seatFull(seat.name, windowText, formatDateDMY(from), formatDateDMY(to)), 'seat_id');
    }
  }
}

/** Issue 19: a student who left cannot be booked, on any path (422). */
function cannotBook(field?: string): AppError {
  const message = privacyMessages.leave.cannotBook;
  return new AppError(422, message, field ? [{ field, message }] : []);
}

/** Refuses to book (create, renew or move) a plan of a student who left; the row stays share-locked. */
async function assertMember(tx: DbOrTx, libraryId: string, studentId: string): Promise<void> {
  if ((await repository.lockStudentState(tx, libraryId, studentId)) === 'left') throw cannotBook();
}

/**
 * Runs a booking write in a transaction holding the library's booking lock, so two
 * requests can never both take the last place (DESIGN.md §6); `today` is the library's.
 */
function underBookingLock<T>(
  db: DbOrTx,
  libraryId: string,
  work: (tx: DbOrTx, today: string) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const library = await repository.lockLibrary(tx, libraryId);
    if (!library) throw notFound();
    return work(tx, todayIn(library.timeZone));
  });
}

async function load(tx: DbOrTx, libraryId: string, id: string, today: string): Promise<Subscription> {
  const row = await repository.findSubscription(tx, libraryId, id);
  if (!row) throw notFound(m.notFound);
  return present(row, today);
}

/**
 * Books a subscription, agrees its price (the body's `price`, else the fee: paid in full,
 * as the SPEC's call always was) and records the fee as its first payment, in one
 * transaction. A fee above the price is refused (422 on `fee`).
 */
export async function createSubscription(
  context: SubscriptionsContext,
  actor: Actor,
  input: CreateInput,
): Promise<Subscription> {
  const { libraryId } = actor;
  return underBookingLock(context.db, libraryId, async (tx, today) => {
    const state = await repository.lockStudentState(tx, libraryId, input.student_id);
    if (!state) throw new AppError(404, m.studentNotFound, [{ field: 'student_id', message: m.studentNotFound }]);
    if (state === 'left') throw cannotBook('student_id');
    const joining = toDay(input.joining_date);
    const expiry = planExpiry(input.joining_date, input.duration);
    const { startTime, endTime, seatId } = requestedPlace(input);
    // Days already past cannot be booked over any more: check from today on.
    const first = Math.max(joining, toDay(today));
    await assertFits(tx, libraryId, candidate(startTime, endTime, first, toDay(expiry)), seatId);
    const id = await repository.insertSubscription(tx, libraryId, {
      studentId: input.student_id,
      seatId,
      isReserved: input.is_reserved,
      startTime,
      endTime,
      joiningDate: input.joining_date,
      planExpiresAt: expiry,
      durationMonths: input.duration,
    });
    const price = input.price ?? input.fee;
    await ledger.chargePeriod(tx, actor, {
      subscriptionId: id,
      studentId: input.student_id,
      kind: 'new',
      duration: input.duration,
      price,
      listPrice: await ledger.listPriceFor(tx, libraryId, { ...input, start_time: startTime, end_time: endTime }),
      priceField: input.price === undefined ? 'fee' : 'price',
    });
    await ledger.takePayment(
      tx,
      actor,
      {
        subscriptionId: id,
        studentId: input.student_id,
        amount: input.fee,
        mode: input.mode,
        reference: input.reference,
        kind: 'new',
        duration: input.duration,
        isReserved: input.is_reserved,
      },
      { field: 'fee', tooMuch: () => paymentMessages.feeAbovePrice(price) },
    );
    return load(tx, libraryId, id, today);
  });
}

export async function updateSubscription(
  context: SubscriptionsContext,
  actor: Actor,
  id: string,
  input: UpdateInput,
): Promise<Subscription> {
  const { libraryId } = actor;
  return underBookingLock(context.db, libraryId, async (tx, today) => {
    const current = await load(tx, libraryId, id, today);
    await assertMember(tx, libraryId, current.student_id);
    const { startTime, endTime, seatId } = requestedPlace(input);
    const first = Math.max(toDay(current.joining_date), toDay(today));
    await assertFits(tx, libraryId, candidate(startTime, endTime, first, toDay(current.plan_expires_at)), seatId, id);
    await repository.updateWindow(tx, libraryId, id, { startTime, endTime, isReserved: input.is_reserved, seatId });
    return load(tx, libraryId, id, today);
  });
}

/**
 * Extends the plan by `duration` months from the day after its current expiry,
 * or from today when it has already lapsed (then the plan restarts today), and
 * in the same transaction adds the period's price (the body's `price`, else the fee) and
 * records the fee, which may also pay what is still owed on the earlier periods: a fee
 * above the new balance is refused (422 on `fee`).
 */
export async function renewSubscription(
  context: SubscriptionsContext,
  actor: Actor,
  id: string,
  input: RenewInput,
): Promise<Subscription> {
  const { libraryId } = actor;
  return underBookingLock(context.db, libraryId, async (tx, today) => {
    const current = await load(tx, libraryId, id, today);
    await assertMember(tx, libraryId, current.student_id);
    const lapsed = current.plan_expires_at < today;
    const newFirstDate = lapsed ? today : dateOfDayNumber(toDay(current.plan_expires_at) + 1);
    const newExpiry = planExpiry(newFirstDate, input.duration);
    await assertFits(
      tx,
      libraryId,
      candidate(current.start_time, current.end_time, toDay(newFirstDate), toDay(newExpiry)),
      current.is_reserved ? current.seat_id : null,
      id,
    );
    await repository.extendPlan(tx, libraryId, id, {
      joiningDate: lapsed ? today : current.joining_date,
      planExpiresAt: newExpiry,
      durationMonths: input.duration,
    });
    // Held until the end: a payment recorded meanwhile must see this period's price.
    await ledger.lockSubscription(tx, libraryId, id);
    await ledger.chargePeriod(tx, actor, {
      subscriptionId: id,
      studentId: current.student_id,
      kind: 'renewal',
      duration: input.duration,
      price: input.price ?? input.fee,
      listPrice: await ledger.listPriceFor(tx, libraryId, { ...current, duration: input.duration }),
      priceField: input.price === undefined ? 'fee' : 'price',
    });
    // The fee may pay what was still owed on earlier periods too, never more.
    await ledger.takePayment(
      tx,
      actor,
      {
        subscriptionId: id,
        studentId: current.student_id,
        amount: input.fee,
        mode: input.mode,
        reference: input.reference,
        kind: 'renewal',
        duration: input.duration,
        isReserved: current.is_reserved,
      },
      { field: 'fee', tooMuch: paymentMessages.overpayment },
    );
    return load(tx, libraryId, id, today);
  });
}

async function todayOf(db: DbOrTx, libraryId: string): Promise<string> {
  const timeZone = await repository.libraryTimeZone(db, libraryId);
  if (!timeZone) throw notFound();
  return todayIn(timeZone);
}

export async function getSubscription(context: SubscriptionsContext, actor: Actor, id: string): Promise<Subscription> {
  return load(context.db, actor.libraryId, id, await todayOf(context.db, actor.libraryId));
}

export async function listSubscriptions(context: SubscriptionsContext, actor: Actor, query: ListQuery) {
  const today = await todayOf(context.db, actor.libraryId);
  const { rows, total } = await repository.listSubscriptions(context.db, actor.libraryId, {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy,
    descending: query.sortOrder === 'DESC',
    search: query.search || undefined,
    status: query.status,
    today,
  });
  return {
    subscription: rows.map((row) => present(row, today)),
    pagination: paginate(query.page, query.limit, total),
  };
}

/**
 * Places free for a window on the days from the joining date (for `duration`
 * months, else one): `availableSeats` is the pool minus the peak overlap, and
 * `nonReservedSeats` the seats with a free place throughout, for a reserved booking.
 */
export async function availability(
  context: SubscriptionsContext,
  actor: Actor,
  query: { joining_date: string; start_time: string; end_time: string; duration?: number; exclude_id?: string },
): Promise<Availability> {
  const { db } = context;
  const { libraryId } = actor;
  const today = await todayOf(db, libraryId);
  const first = Math.max(toDay(query.joining_date), toDay(today));
  const last = toDay(planExpiry(query.joining_date, query.duration ?? 1));
  if (last < first) return { availableSeats: 0, nonReservedSeats: [] };
  const booking: Booking = {
    window: { start: toMinutes(query.start_time), end: toMinutes(query.end_time) },
    days: { first, last },
  };
  const from = dateOfDayNumber(first);
  const to = dateOfDayNumber(last);
  const [pool, everyone, seats] = await Promise.all([
    repository.poolCapacity(db, libraryId),
    repository.bookingsAround(db, libraryId, from, to, { excludeId: query.exclude_id }),
    repository.usableSeats(db, libraryId),
  ]);
  const availableSeats = placesLeft(everyone.map(bookingOfRow), booking, pool);
  if (availableSeats === 0) return { availableSeats, nonReservedSeats: [] };

  const reservedBySeat = new Map<string, Booking[]>();
  for (const row of everyone) {
    if (!row.is_reserved || !row.seat_id) continue;
    const list = reservedBySeat.get(row.seat_id) ?? [];
    list.push(bookingOfRow(row));
    reservedBySeat.set(row.seat_id, list);
  }
  const nonReservedSeats = seats
    .filter((seat) => fits(reservedBySeat.get(seat.id) ?? [], booking, seat.capacity))
    .map(({ id, name, area_name, capacity }) => ({ id, name, area_name, capacity }));
  return { availableSeats, nonReservedSeats };
}
