import { describe, expect, it } from 'vitest';
import { messages, wallClockIn, todayIn } from '@app/shared';
import { formatTimeOfDay } from '../../lib/booking/time';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { bookForNewStudentOk } from '../../test/bookings';

// Seats and areas as subscriptions change them: live states, free counts, refused deletes.
const t = useTestApp();

const shifted = (minutes: number) => {
  const { minute } = wallClockIn('Asia/Kolkata');
  return formatTimeOfDay((((minute + minutes) % 1440) + 1440) % 1440).slice(0, 5);
};

async function seatSetup() {
  const { session, auth } = await registerLibrary(t.app);
  const area = await t.app.inject({
    method: 'POST',
    url: '/api/area',
    headers: auth,
    payload: { area_name: 'Hall A', total_seats: 4, status: 'active' },
  });
  const areaId = area.json().data.id as string;
  await t.app.inject({ method: 'POST', url: `/api/area/${areaId}/generate-seats`, headers: auth });
  const seats = (await t.app.inject({ url: `/api/seat/${areaId}`, headers: auth })).json().data as Array<{
    id: string;
    name: string;
  }>;
  const seatId = (name: string) => seats.find((seat) => seat.name === name)!.id;
  return { auth, libraryId: session.library.id, areaId, seatId };
}

async function reserve(
  auth: Record<string, string>,
  libraryId: string,
  seatId: string,
  window: { start: string; end: string },
  joiningDate = todayIn('Asia/Kolkata'),
) {
  return bookForNewStudentOk(t, auth, libraryId, { seatId, start: window.start, end: window.end, joiningDate });
}

describe('seats with subscriptions', () => {
  it('shows occupied while a reserved window covers now, reserved when it is later today, and counts only free seats', async () => {
    const { auth, libraryId, areaId, seatId } = await seatSetup();
    // Joined yesterday: between midnight and 01:00 the window 23:xx-0x:xx that covers now is the one
    // that began yesterday evening, which a plan joining today would not have.
    const yesterday = new Date(Date.parse(`${todayIn('Asia/Kolkata')}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await reserve(auth, libraryId, seatId('A1'), { start: shifted(-60), end: shifted(60) }, yesterday);
    await reserve(auth, libraryId, seatId('A2'), { start: shifted(120), end: shifted(180) });
    const states = Object.fromEntries(
      (
        (await t.app.inject({ url: `/api/seat/${areaId}`, headers: auth })).json().data as Array<{
          name: string;
          state: string;
        }>
      ).map((seat) => [seat.name, seat.state]),
    );
    expect(states).toEqual({ A1: 'occupied', A2: 'reserved', A3: 'available', A4: 'available' });
    const area = (await t.app.inject({ url: `/api/area/${areaId}`, headers: auth })).json().data;
    expect(area.availableSeats).toBe(2);
  });

  it('refuses to delete a seat with a current or upcoming subscription, and one with only history', async () => {
    const { auth, libraryId, seatId } = await seatSetup();
    const nextWeek = todayIn('Asia/Kolkata', new Date(Date.now() + 7 * 86_400_000));
    await reserve(auth, libraryId, seatId('A3'), { start: '06:00', end: '10:00' }, nextWeek);
    const upcoming = await t.app.inject({ method: 'DELETE', url: `/api/seat/${seatId('A3')}`, headers: auth });
    expect(upcoming.statusCode).toBe(409);
    expect(upcoming.json().message).toBe(messages.seats.hasBookings(1));

    const past = await reserve(auth, libraryId, seatId('A4'), { start: '06:00', end: '10:00' });
    await t.pool.query(
      `update subscriptions set joining_date = current_date - 90, plan_expires_at = current_date - 60 where id = $1`,
      [past],
    );
    const history = await t.app.inject({ method: 'DELETE', url: `/api/seat/${seatId('A4')}`, headers: auth });
    expect(history.statusCode).toBe(409);
    expect(history.json().message).toBe(messages.seats.hasHistory);

    const free = await t.app.inject({ method: 'DELETE', url: `/api/seat/${seatId('A1')}`, headers: auth });
    expect(free.statusCode).toBe(200);
  });
});
