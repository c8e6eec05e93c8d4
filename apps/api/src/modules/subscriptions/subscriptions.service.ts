import { type z } from 'zod';
import {
  formatDateDMY,
  formatWindow,
  messages,
  paginate,
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
import {
  applyBookingGuard,
  BookingRefused,
  openBooking,
  pgErrorCode,
  type FitRow,
  type PlanSpan,
} from '../../lib/booking/bookings.repository';
import { windowLength } from '../../lib/booking/engine';
import { dateOfDayNumber, dayNumber, formatTimeOfDay, parseTimeOfDay, planExpiry } from '../../lib/booking/time';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as ledger from '../../lib/ledger/ledger';
import * as repository from './subscriptions.repository';
import { availabilityOf } from './subscriptions.availability';

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
  // Field by field, not a copy of the row: a list's rows also carry its total and the library's
  // today, which are not the answer's (issue 18: copying rows was a measurable part of a page).
  return {
    id: row.id,
    student_id: row.student_id,
    first_name: row.first_name,
    last_name: row.last_name,
    mobile: row.mobile,
    start_time: row.start_time,
    end_time: row.end_time,
    is_reserved: row.is_reserved,
    seat_id: row.seat_id,
    name: row.name,
    area_name: row.area_name,
    joining_date: row.joining_date,
    plan_expires_at: row.plan_expires_at,
    plan_expire_at: row.plan_expires_at,
    duration: row.duration,
    status,
    price: Number(row.price),
    paid: Number(row.paid),
    balance: Number(row.balance),
    created_at: row.created_at,
    updated_at: row.updated_at,
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

/** A candidate as the occupancy functions take it (dates, start minute, length). */
function spanOf(candidate: Candidate): PlanSpan {
  return {
    first: dateOfDayNumber(candidate.first),
    last: dateOfDayNumber(candidate.last),
    startMinute: candidate.window.start,
    length: windowLength(candidate.window),
  };
}

/** A stored plan's span, as the occupancy counts it (all its days). */
function spanOfPlan(plan: { joining_date: string; plan_expires_at: string; start_time: string; end_time: string }) {
  const window = { start: toMinutes(plan.start_time), end: toMinutes(plan.end_time) };
  return {
    first: plan.joining_date,
    last: plan.plan_expires_at,
    startMinute: window.start,
    length: windowLength(window),
  };
}

/** The 409 of a candidate that does not fit the pool, or its seat (named). */
function refusal(candidate: Candidate, place: 'pool' | 'seat', seatName: string | null) {
  const from = formatDateDMY(dateOfDayNumber(candidate.first));
  const to = formatDateDMY(dateOfDayNumber(candidate.last));
  const windowText = formatWindow(candidate.startTime, candidate.endTime);
  return place === 'pool'
    ? conflict(m.poolFull(windowText, from, to), 'start_time')
    : conflict(m.seatFull(seatName ?? '', windowText, from, to), 'seat_id');
}

/**
 * Checks that the candidate fits the library's pool and, when reserved, its seat: 409
 * naming the window when it does not, from the occupancy of the candidate's days and the
 * seat's own plans (one statement). This answers the requests that cannot fit without
 * making them wait; `guardBooking` re-checks under the occupancy rows' locks before COMMIT.
 */
async function assertFits(
  tx: DbOrTx,
  libraryId: string,
  candidate: Candidate,
  seatId: string | null,
  exclude?: { id: string } & PlanSpan,
): Promise<string | null> {
  if (candidate.last < candidate.first) return null; // nothing left to book (a plan entirely in the past)
  return fitsOrRefuse(await repository.fitOf(tx, libraryId, spanOf(candidate), seatId, exclude), candidate, seatId);
}

/** `assertFits` over a fit already read; answers the seat's name (null for the pool). */
function fitsOrRefuse(fit: FitRow, candidate: Candidate, seatId: string | null): string | null {
  if (candidate.last < candidate.first) return null; // nothing left to book (a plan entirely in the past)
  if (fit.pool_peak + 1 > fit.pool) throw refusal(candidate, 'pool', null);
  if (!seatId) return null;
  if (fit.seat_name === null || fit.seat_capacity === null) throw notFound(m.seatNotFound);
  if (!fit.seat_usable) throw conflict(m.seatNotUsable, 'seat_id');
  if ((fit.seat_peak ?? 0) + 1 > fit.seat_capacity) throw refusal(candidate, 'seat', fit.seat_name);
  return fit.seat_name;
}

/**
 * The last statement before COMMIT of every booking write: the guard (migration 0018) takes the
 * occupancy rows of the plan's days in day order, counts the plan in and refuses, as a 409
 * naming the window, if it no longer fits (someone booked the place since `assertFits`).
 */
async function guardBooking(tx: DbOrTx, candidate: Candidate, seatName: string | null) {
  try {
    await applyBookingGuard(tx);
  } catch (error) {
    if (error instanceof BookingRefused) throw refusal(candidate, error.place, seatName);
    throw error;
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

/** Deadlock and serialization failures are retried: the work is rolled back and run again. */
const RETRIED_CODES = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Runs a booking write in a transaction that holds the library's row against edits (key share)
 * and ends with `guardBooking`, so two requests can never both take the last place
 * (DESIGN.md §6): bookings of one library run side by side and take turns only on the
 * occupancy rows of the days they share, for the guard's one statement and the COMMIT.
 * `today` is the library's.
 */
async function underBookingLock<T>(
  db: DbOrTx,
  libraryId: string,
  work: (tx: DbOrTx, today: string) => Promise<T>,
): Promise<T> {
  return inBookingTransaction(db, async (tx) => {
    const library = await repository.holdLibrary(tx, libraryId);
    if (!library) throw notFound();
    return work(tx, todayIn(library.timeZone));
  });
}

/** Runs `work` in a transaction, again after a deadlock or serialization failure (`ATTEMPTS` in all). */
async function inBookingTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= ATTEMPTS || code === undefined || !RETRIED_CODES.has(code)) throw error;
    }
  }
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
  const joining = toDay(input.joining_date);
  const expiry = planExpiry(input.joining_date, input.duration);
  const { startTime, endTime, seatId } = requestedPlace(input);
  const window = { start: toMinutes(startTime), end: toMinutes(endTime) };
  // As underBookingLock, with its reads in one statement (openBooking): the library held, the
  // student's state, the fit and the price list.
  return inBookingTransaction(context.db, async (tx) => {
    const opening = await openBooking(
      tx,
      libraryId,
      input.student_id,
      { first: input.joining_date, last: expiry, startMinute: window.start, length: windowLength(window) },
      seatId,
    );
    if (!opening) throw notFound();
    const { today } = opening;
    const state = opening.student_status;
    if (!state) throw new AppError(404, m.studentNotFound, [{ field: 'student_id', message: m.studentNotFound }]);
    if (state === 'left') throw cannotBook('student_id');
    // Days already past cannot be booked over any more: checked from today on.
    const first = Math.max(joining, toDay(today));
    const wanted = candidate(startTime, endTime, first, toDay(expiry));
    const seatName = fitsOrRefuse(opening, wanted, seatId);
    const listPrice = ledger.listPriceIn(opening.price_list, { ...input, start_time: startTime, end_time: endTime });
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
      listPrice,
      priceField: input.price === undefined ? 'fee' : 'price',
    });
    const payment = await ledger.preparePayment(
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
      // The plan's one charge, just written; no payment towards it can exist yet.
      price,
    );
    const created = await load(tx, libraryId, id, today);
    await guardBooking(tx, wanted, seatName);
    // Last: the payment takes the library's next receipt number, whose counter the library's
    // payments take turns on until COMMIT (measured: with the guard and the read back inside that
    // stretch, 20 clients' bookings queued there).
    await payment.record();
    return withFirstPayment(created, input.fee);
  });
}

/**
 * A new booking as it stands once its first payment is recorded: read back before the payment
 * (one charge, no payment yet), so what it paid is that payment and its balance the price less
 * it, in paise (both have at most two decimals), as db/account.ts's rule gives for one charge
 * and one counted payment.
 */
function withFirstPayment(created: Subscription, fee: number): Subscription {
  const paise = (rupees: number) => Math.round(rupees * 100);
  return { ...created, paid: paise(fee) / 100, balance: (paise(created.price) - paise(fee)) / 100 };
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
    const wanted = candidate(startTime, endTime, first, toDay(current.plan_expires_at));
    const seatName = await assertFits(tx, libraryId, wanted, seatId, { id, ...spanOfPlan(current) });
    await repository.updateWindow(tx, libraryId, id, { startTime, endTime, isReserved: input.is_reserved, seatId });
    const updated = await load(tx, libraryId, id, today);
    await guardBooking(tx, wanted, seatName);
    return updated;
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
    const wanted = candidate(current.start_time, current.end_time, toDay(newFirstDate), toDay(newExpiry));
    const seatName = await assertFits(tx, libraryId, wanted, current.is_reserved ? current.seat_id : null, {
      id,
      ...spanOfPlan(current),
    });
    // Read before the first write, as createSubscription does.
    const listPrice = await ledger.listPriceFor(tx, libraryId, { ...current, duration: input.duration });
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
      listPrice,
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
    const renewed = await load(tx, libraryId, id, today);
    await guardBooking(tx, wanted, seatName);
    return renewed;
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
  const { rows, total } = await repository.listSubscriptions(context.db, actor.libraryId, {
    page: query.page,
    limit: query.limit,
    sortBy: query.sortBy,
    descending: query.sortOrder === 'DESC',
    search: query.search || undefined,
    status: query.status,
  });
  return {
    subscription: rows.map((row) => present(row, row.today)),
    pagination: paginate(query.page, query.limit, total),
  };
}

/**
 * Places free for a window on the days from the joining date (for `duration`
 * months, else one): `availableSeats` is the pool minus the peak overlap, and
 * `nonReservedSeats` the seats with a free place throughout, for a reserved booking.
 * One statement: the peak from the occupancy of the window's minutes on those days,
 * the seats from the reserved plans that overlap the window. Answered as the JSON text of
 * the `Availability` in pieces (the seats' part written by PostgreSQL, subscriptions.availability.ts).
 */
export async function availabilityJson(
  context: SubscriptionsContext,
  actor: Actor,
  query: { joining_date: string; start_time: string; end_time: string; duration?: number; exclude_id?: string },
): Promise<string[]> {
  const joining = toDay(query.joining_date);
  const window = { start: toMinutes(query.start_time), end: toMinutes(query.end_time) };
  const last = planExpiry(query.joining_date, query.duration ?? 1);
  const answer = await availabilityOf(context.db, actor.libraryId, {
    joiningDate: dateOfDayNumber(joining),
    last,
    startMinute: window.start,
    length: windowLength(window),
    excludeId: query.exclude_id,
  });
  if (!answer) throw notFound();
  const availableSeats = Math.max(0, answer.pool - answer.peak);
  if (answer.empty || availableSeats === 0) return ['{"availableSeats":0,"nonReservedSeats":[]}'];
  return [`{"availableSeats":${availableSeats},"nonReservedSeats":`, ...answer.seats, '}'];
}
