import { describe, expect, it } from 'vitest';
import { formatDateDMY, formatWindow, messages, todayIn } from '@app/shared';
import { peakOccupancy, type Booking } from '../../lib/booking/engine';
import { dateOfDayNumber, dayNumber, parseTimeOfDay } from '../../lib/booking/time';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { type BookingOptions, bookForNewStudentOk, subscriptionBody, libraryWithArea } from '../../test/bookings';

// Seat and area edits that would take places away from booked subscriptions (issue 12).
const m = messages.seats;
const t = useTestApp();

const today = () => todayIn('Asia/Kolkata');
const todayDMY = () => formatDateDMY(today());
const MORNING = formatWindow('06:00', '14:00');

const library = () => libraryWithArea(t, { totalSeats: 20 });

const bookOk = (auth: Record<string, string>, libraryId: string, options: BookingOptions = {}) =>
  bookForNewStudentOk(t, auth, libraryId, options);

const putSeat = (auth: Record<string, string>, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/seat/${id}`, headers: auth, payload });

async function seatRow(id: string) {
  const { rows } = await t.pool.query('select name, capacity, status, area_id from seats where id = $1', [id]);
  return rows[0] as { name: string; capacity: number; status: string; area_id: string };
}

describe('PUT /api/seat/:id against bookings', () => {
  it('refuses to lower a capacity below the reserved subscriptions that share a window, and keeps the seat', async () => {
    const { libraryId, auth, areaId } = await library();
    const seat = await insertSeat(t.pool, libraryId, areaId, { name: 'A1', capacity: 3 });
    for (let i = 0; i < 3; i += 1) await bookOk(auth, libraryId, { seatId: seat });

    const lowered = await putSeat(auth, seat, { name: 'A1', area_id: areaId, status: 'active', capacity: 1 });
    expect(lowered.statusCode).toBe(409);
    const message = m.seatOverbooked('A1', 3, MORNING, todayDMY(), 1);
    expect(lowered.json()).toMatchObject({ status: false, code: 409, message });
    expect(lowered.json().errors).toEqual([{ field: 'capacity', message, messageCode: 'seats.seatOverbooked' }]);
    expect(await seatRow(seat)).toMatchObject({ capacity: 3, status: 'active' });

    // Renaming the seat, or keeping its capacity, is still fine.
    const renamed = await putSeat(auth, seat, { name: 'A1x', area_id: areaId, status: 'active', capacity: 3 });
    expect(renamed.statusCode).toBe(200);
  });

  it('lowers a capacity when the bookings never overlap more than the new capacity', async () => {
    const { libraryId, auth, areaId } = await library();
    const seat = await insertSeat(t.pool, libraryId, areaId, { name: 'A1', capacity: 3 });
    await bookOk(auth, libraryId, { seatId: seat, start: '06:00', end: '10:00' });
    await bookOk(auth, libraryId, { seatId: seat, start: '10:00', end: '14:00' });
    const lowered = await putSeat(auth, seat, { name: 'A1', area_id: areaId, status: 'active', capacity: 1 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json().data.capacity).toBe(1);
  });

  it('refuses to lower a capacity the non-reserved pool needs', async () => {
    const { libraryId, auth, areaId } = await library();
    const seat = await insertSeat(t.pool, libraryId, areaId, { name: 'A1', capacity: 3 });
    for (let i = 0; i < 3; i += 1) await bookOk(auth, libraryId);
    const lowered = await putSeat(auth, seat, { name: 'A1', area_id: areaId, status: 'active', capacity: 2 });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().message).toBe(m.poolOverbooked(3, MORNING, todayDMY(), 2));
  });

  it('refuses to set a seat inactive while the pool it belongs to is fully booked', async () => {
    const { libraryId, auth, areaId } = await library();
    await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    const a2 = await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    await bookOk(auth, libraryId);
    await bookOk(auth, libraryId);

    const inactive = await putSeat(auth, a2, { name: 'A2', area_id: areaId, status: 'inactive' });
    expect(inactive.statusCode).toBe(409);
    const message = m.poolOverbooked(2, MORNING, todayDMY(), 1);
    expect(inactive.json().message).toBe(message);
    expect(inactive.json().errors).toEqual([{ field: 'status', message, messageCode: 'seats.poolOverbooked' }]);
    expect((await seatRow(a2)).status).toBe('active');

    // With a third seat the pool has room to spare, and A2 may go.
    await insertSeat(t.pool, libraryId, areaId, { name: 'A3' });
    const spare = await putSeat(auth, a2, { name: 'A2', area_id: areaId, status: 'inactive' });
    expect(spare.statusCode, spare.body).toBe(200);
  });

  it('refuses to set a seat with an upcoming reserved subscription inactive, but not one with only history', async () => {
    const { libraryId, auth, areaId } = await library();
    const a1 = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    const nextMonth = dateOfDayNumber(dayNumber(today())! + 40);
    await bookOk(auth, libraryId, { seatId: a1, joiningDate: nextMonth });
    const inactive = await putSeat(auth, a1, { name: 'A1', area_id: areaId, status: 'inactive' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(m.seatOverbooked('A1', 1, MORNING, formatDateDMY(nextMonth), 0));

    await t.pool.query(
      `update subscriptions set joining_date = current_date - 90, plan_expires_at = current_date - 60
       where library_id = $1`,
      [libraryId],
    );
    const afterHistory = await putSeat(auth, a1, { name: 'A1', area_id: areaId, status: 'inactive' });
    expect(afterHistory.statusCode, afterHistory.body).toBe(200);
  });

  it('refuses to move a booked seat into an area under maintenance, and allows a move between areas in use', async () => {
    const { libraryId, auth, areaId } = await library();
    const closed = await insertArea(t.pool, libraryId, { name: 'Closed', status: 'maintenance' });
    const open = await insertArea(t.pool, libraryId, { name: 'Hall B' });
    const a1 = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    await bookOk(auth, libraryId, { seatId: a1 });

    const intoMaintenance = await putSeat(auth, a1, { name: 'A1', area_id: closed, status: 'active' });
    expect(intoMaintenance.statusCode).toBe(409);
    const message = m.seatOverbooked('A1', 1, MORNING, todayDMY(), 0);
    expect(intoMaintenance.json().errors).toEqual([{ field: 'area_id', message, messageCode: 'seats.seatOverbooked' }]);
    expect((await seatRow(a1)).area_id).toBe(areaId);

    const intoOpen = await putSeat(auth, a1, { name: 'A1', area_id: open, status: 'active' });
    expect(intoOpen.statusCode, intoOpen.body).toBe(200);
  });
});

describe('DELETE /api/seat/:id against the pool', () => {
  it('refuses to delete an unreserved seat the non-reserved subscriptions need', async () => {
    const { libraryId, auth, areaId } = await library();
    await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    const a2 = await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    await bookOk(auth, libraryId);
    await bookOk(auth, libraryId);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/seat/${a2}`, headers: auth });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(m.poolOverbooked(2, MORNING, todayDMY(), 1));
    expect(await seatRow(a2)).toBeDefined();
  });
});

/** Every current or future booking fits: the pool, and each seat's reserved ones, at every minute from today. */
async function assertNothingOverbooked(libraryId: string) {
  const { rows: seats } = await t.pool.query<{ id: string; places: number }>(
    `select s.id, case when s.status = 'active' and a.status = 'active' then s.capacity else 0 end as places
     from seats s join areas a on a.id = s.area_id where s.library_id = $1`,
    [libraryId],
  );
  const { rows } = await t.pool.query<{ seat_id: string | null; s: string; e: string; j: string; x: string }>(
    `select seat_id, to_char(start_time, 'HH24:MI') as s, to_char(end_time, 'HH24:MI') as e,
            to_char(joining_date, 'YYYY-MM-DD') as j, to_char(plan_expires_at, 'YYYY-MM-DD') as x
     from subscriptions where library_id = $1 and plan_expires_at >= current_date - 1`,
    [libraryId],
  );
  const toBooking = (row: (typeof rows)[number]): Booking => ({
    window: { start: parseTimeOfDay(row.s)!, end: parseTimeOfDay(row.e)! },
    days: { first: dayNumber(row.j)!, last: dayNumber(row.x)! },
  });
  const first = dayNumber(today())!;
  const wholeDays = (bookings: Booking[]): Booking => ({
    window: { start: 0, end: 0 },
    days: { first, last: Math.max(first, ...bookings.map((booking) => booking.days.last + 1)) },
  });
  const all = rows.map(toBooking);
  const pool = seats.reduce((sum, seat) => sum + seat.places, 0);
  expect(peakOccupancy(all, wholeDays(all)), 'the pool is overbooked').toBeLessThanOrEqual(pool);
  for (const seat of seats) {
    const atSeat = rows.filter((row) => row.seat_id === seat.id).map(toBooking);
    expect(peakOccupancy(atSeat, wholeDays(atSeat)), 'a seat is overbooked').toBeLessThanOrEqual(seat.places);
  }
  return { pool, booked: peakOccupancy(all, wholeDays(all)) };
}

describe('edits racing bookings', () => {
  it('never leave a window overbooked', async () => {
    const { libraryId, auth, areaId } = await library();
    const seats: string[] = [];
    for (let i = 1; i <= 4; i += 1)
      seats.push(await insertSeat(t.pool, libraryId, areaId, { name: `A${i}`, capacity: 2 }));
    const [a1, a2, a3, a4] = seats as [string, string, string, string];
    // Pool of 8; 6 places taken before the race (2 reserved at A1, 4 from the pool).
    await bookOk(auth, libraryId, { seatId: a1 });
    await bookOk(auth, libraryId, { seatId: a1 });
    for (let i = 0; i < 4; i += 1) await bookOk(auth, libraryId);

    const students = await Promise.all(Array.from({ length: 8 }, () => insertStudent(t.pool, libraryId)));
    const bookings = students.map((student, index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscription',
        headers: auth,
        payload: subscriptionBody(student.id, index % 2 === 0 ? { seatId: seats[index % 4] } : {}),
      }),
    );
    const edits = [
      putSeat(auth, a1, { name: 'A1', area_id: areaId, status: 'active', capacity: 1 }),
      putSeat(auth, a2, { name: 'A2', area_id: areaId, status: 'inactive' }),
      putSeat(auth, a3, { name: 'A3', area_id: areaId, status: 'active', capacity: 1 }),
      t.app.inject({ method: 'DELETE', url: `/api/seat/${a4}`, headers: auth }),
    ];
    const responses = await Promise.all([...bookings, ...edits]);
    for (const response of responses) expect([200, 201, 409], response.body).toContain(response.statusCode);

    const { pool, booked } = await assertNothingOverbooked(libraryId);
    expect(booked).toBeGreaterThanOrEqual(6);
    expect(pool).toBeGreaterThanOrEqual(booked);
  });
});
