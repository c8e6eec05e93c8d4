import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
} from '@app/shared';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../errors';
import { bookingOfRow } from '../../lib/booking/capacity';
import { fits, placesLeft, type Booking } from '../../lib/booking/engine';
import { dateOfDayNumber, dayNumber, formatTimeOfDay, parseTimeOfDay, planExpiry } from '../../lib/booking/time';
import * as repository from './subscriptions.repository';

const m = messages.subscriptions;

type CreateInput = z.output<typeof subscriptionCreateSchema>;
type UpdateInput = z.output<typeof subscriptionUpdateSchema>;
type RenewInput = z.output<typeof subscriptionRenewSchema>;
type ListQuery = z.output<typeof subscriptionListQuerySchema>;

/** What a write answers: its HTTP status and envelope, also what an idempotent replay answers. */
export interface WriteResult {
  statusCode: number;
  body: { status: true; message: string; data: Subscription };
}

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
  return { ...row, plan_expire_at: row.plan_expires_at, status };
}

interface Candidate {
  window: { start: number; end: number };
  first: number;
  last: number;
  startTime: string;
  endTime: string;
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

function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([route, body]))
    .digest('hex');
}

/**
 * Runs a write once per Idempotency-Key: a replay answers the stored first
 * answer, a reuse with another body is refused (422). The library lock taken
 * first makes the check-then-save safe against concurrent replays.
 */
async function writeOnce(
  db: Database,
  libraryId: string,
  idempotency: { key: string; route: string; body: unknown } | undefined,
  work: (tx: DbOrTx, today: string) => Promise<WriteResult>,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const library = await repository.lockLibrary(tx, libraryId);
    if (!library) throw notFound();
    const hash = idempotency ? requestHash(idempotency.route, idempotency.body) : '';
    if (idempotency) {
      const earlier = await repository.findIdempotentResponse(tx, libraryId, idempotency.key);
      if (earlier) {
        if (earlier.request_hash !== hash) throw new AppError(422, m.idempotencyMismatch);
        return { statusCode: earlier.response_status, body: earlier.response_body as WriteResult['body'] };
      }
    }
    const result = await work(tx, todayIn(library.timeZone));
    if (idempotency) {
      await repository.saveIdempotentResponse(tx, libraryId, {
        key: idempotency.key,
        requestHash: hash,
        status: result.statusCode,
        body: result.body,
      });
    }
    return result;
  });
}

async function load(tx: DbOrTx, libraryId: string, id: string, today: string): Promise<Subscription> {
  const row = await repository.findSubscription(tx, libraryId, id);
  if (!row) throw notFound(m.notFound);
  return present(row, today);
}

export async function createSubscription(
  db: Database,
  libraryId: string,
  input: CreateInput,
  idempotencyKey?: string,
): Promise<WriteResult> {
  const idempotency = idempotencyKey ? { key: idempotencyKey, route: 'create', body: input } : undefined;
  return writeOnce(db, libraryId, idempotency, async (tx, today) => {
    if (!(await repository.studentExists(tx, libraryId, input.student_id))) {
      throw new AppError(404, m.studentNotFound, [{ field: 'student_id', message: m.studentNotFound }]);
    }
    const joining = toDay(input.joining_date);
    const expiry = planExpiry(input.joining_date, input.duration);
    const startTime = formatTimeOfDay(toMinutes(input.start_time));
    const endTime = formatTimeOfDay(toMinutes(input.end_time));
    const seatId = input.is_reserved ? (input.seat_id ?? null) : null;
    // Days already past cannot be booked over any more: check from today on.
    await assertFits(
      tx,
      libraryId,
      {
        window: { start: toMinutes(startTime), end: toMinutes(endTime) },
        first: Math.max(joining, toDay(today)),
        last: toDay(expiry),
        startTime,
        endTime,
      },
      seatId,
    );
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
    await repository.insertFee(tx, libraryId, {
      subscriptionId: id,
      studentId: input.student_id,
      amount: input.fee,
      duration: input.duration,
      mode: input.mode,
      kind: 'new',
      isReserved: input.is_reserved,
    });
    return { statusCode: 201, body: { status: true, message: m.created, data: await load(tx, libraryId, id, today) } };
  });
}

export async function updateSubscription(
  db: Database,
  libraryId: string,
  id: string,
  input: UpdateInput,
): Promise<WriteResult> {
  return writeOnce(db, libraryId, undefined, async (tx, today) => {
    const current = await load(tx, libraryId, id, today);
    const startTime = formatTimeOfDay(toMinutes(input.start_time));
    const endTime = formatTimeOfDay(toMinutes(input.end_time));
    const seatId = input.is_reserved ? (input.seat_id ?? null) : null;
    await assertFits(
      tx,
      libraryId,
      {
        window: { start: toMinutes(startTime), end: toMinutes(endTime) },
        first: Math.max(toDay(current.joining_date), toDay(today)),
        last: toDay(current.plan_expires_at),
        startTime,
        endTime,
      },
      seatId,
      id,
    );
    await repository.updateWindow(tx, libraryId, id, { startTime, endTime, isReserved: input.is_reserved, seatId });
    return {
      statusCode: 200,
      body: { status: true, message: m.updatedServer, data: await load(tx, libraryId, id, today) },
    };
  });
}

/**
 * Extends the plan by `duration` months from the day after its current expiry,
 * or from today when it has already lapsed (then the plan restarts today), and
 * records the renewal fee in the same transaction.
 */
export async function renewSubscription(
  db: Database,
  libraryId: string,
  id: string,
  input: RenewInput,
  idempotencyKey?: string,
): Promise<WriteResult> {
  const idempotency = idempotencyKey ? { key: idempotencyKey, route: `renew:${id}`, body: input } : undefined;
  return writeOnce(db, libraryId, idempotency, async (tx, today) => {
    const current = await load(tx, libraryId, id, today);
    const lapsed = current.plan_expires_at < today;
    const newFirstDate = lapsed ? today : dateOfDayNumber(toDay(current.plan_expires_at) + 1);
    const newExpiry = planExpiry(newFirstDate, input.duration);
    await assertFits(
      tx,
      libraryId,
      {
        window: { start: toMinutes(current.start_time), end: toMinutes(current.end_time) },
        first: toDay(newFirstDate),
        last: toDay(newExpiry),
        startTime: current.start_time,
        endTime: current.end_time,
      },
      current.is_reserved ? current.seat_id : null,
      id,
    );
    await repository.extendPlan(tx, libraryId, id, {
      joiningDate: lapsed ? today : current.joining_date,
      planExpiresAt: newExpiry,
      durationMonths: input.duration,
    });
    await repository.insertFee(tx, libraryId, {
      subscriptionId: id,
      studentId: current.student_id,
      amount: input.fee,
      duration: input.duration,
      mode: input.mode,
      kind: 'renewal',
      isReserved: current.is_reserved,
    });
    return {
      statusCode: 200,
      body: { status: true, message: m.renewedServer, data: await load(tx, libraryId, id, today) },
    };
  });
}

async function todayOf(db: Database, libraryId: string): Promise<string> {
  const timeZone = await repository.libraryTimeZone(db, libraryId);
  if (!timeZone) throw notFound();
  return todayIn(timeZone);
}

export async function getSubscription(db: Database, libraryId: string, id: string): Promise<Subscription> {
  return load(db, libraryId, id, await todayOf(db, libraryId));
}

const SORT_COLUMNS = {
  plan_expire_at: sql`sub.plan_expires_at`,
  plan_expires_at: sql`sub.plan_expires_at`,
  joining_date: sql`sub.joining_date`,
  created_at: sql`sub.created_at`,
  updated_at: sql`sub.updated_at`,
  name: sql`lower(st.first_name || ' ' || coalesce(st.last_name, ''))`,
  start_time: sql`sub.start_time`,
} as const;

export async function listSubscriptions(db: Database, libraryId: string, query: ListQuery) {
  const today = await todayOf(db, libraryId);
  const direction = query.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  const { rows, total } = await repository.listSubscriptions(db, libraryId, {
    page: query.page,
    limit: query.limit,
    orderBy: sql`${SORT_COLUMNS[query.sortBy]} ${direction}`,
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
  db: Database,
  libraryId: string,
  query: { joining_date: string; start_time: string; end_time: string; duration?: number; exclude_id?: string },
): Promise<Availability> {
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
