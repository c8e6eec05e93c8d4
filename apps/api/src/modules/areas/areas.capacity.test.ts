import { describe, expect, it } from 'vitest';
import { formatDateDMY, formatWindow, messages, todayIn } from '@app/shared';
import { insertArea, insertSeat } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { bookForNewStudentOk, libraryWithArea } from '../../test/bookings';

// Area edits that would take places away from booked subscriptions (issue 12).
const seatTexts = messages.seats;
const t = useTestApp();

const today = () => todayIn('Asia/Kolkata');
const MORNING = formatWindow('06:00', '14:00');

const library = () => libraryWithArea(t, { totalSeats: 10 });

const bookOk = (auth: Record<string, string>, libraryId: string, seatId?: string) =>
  bookForNewStudentOk(t, auth, libraryId, { seatId });

const putArea = (auth: Record<string, string>, id: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/area/${id}`, headers: auth, payload });

async function areaStatus(id: string) {
  const { rows } = await t.pool.query('select status, total_seats from areas where id = $1', [id]);
  return rows[0] as { status: string; total_seats: number };
}

describe('PUT /api/area/:id against bookings', () => {
  it.each(['maintenance', 'inactive'])(
    'refuses %s while a seat of the area has a reserved subscription',
    async (status) => {
      const { libraryId, auth, areaId } = await library();
      const a1 = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
      await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
      await bookOk(auth, libraryId, a1);

      const response = await putArea(auth, areaId, { area_name: 'Hall A', total_seats: 10, status });
      expect(response.statusCode).toBe(409);
      const message = seatTexts.seatOverbooked('A1', 1, MORNING, formatDateDMY(today()), 0);
      expect(response.json()).toMatchObject({ status: false, code: 409, message });
      expect(response.json().errors).toEqual([{ field: 'status', message, messageCode: 'seats.seatOverbooked' }]);
      expect(await areaStatus(areaId)).toEqual({ status: 'active', total_seats: 10 });
    },
  );

  it('refuses to close the only area the non-reserved subscriptions sit in, until another area has room', async () => {
    const { libraryId, auth, areaId } = await library();
    await insertSeat(t.pool, libraryId, areaId, { name: 'A1', capacity: 2 });
    await bookOk(auth, libraryId);
    await bookOk(auth, libraryId);

    const closed = await putArea(auth, areaId, { area_name: 'Hall A', total_seats: 10, status: 'maintenance' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(seatTexts.poolOverbooked(2, MORNING, formatDateDMY(today()), 0));
    expect((await areaStatus(areaId)).status).toBe('active');

    const other = await insertArea(t.pool, libraryId, { name: 'Hall B' });
    await insertSeat(t.pool, libraryId, other, { name: 'B1', capacity: 2 });
    const moved = await putArea(auth, areaId, { area_name: 'Hall A', total_seats: 10, status: 'maintenance' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.status).toBe('maintenance');
  });

  it('closes an area whose subscriptions are all in the past', async () => {
    const { libraryId, auth, areaId } = await library();
    const a1 = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    await bookOk(auth, libraryId, a1);
    await t.pool.query(
      `update subscriptions set joining_date = current_date - 90, plan_expires_at = current_date - 60
       where library_id = $1`,
      [libraryId],
    );
    const response = await putArea(auth, areaId, { area_name: 'Hall A', total_seats: 10, status: 'maintenance' });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lowers Total Seats down to the seats that exist, booked or not (it caps seats, not places)', async () => {
    const { libraryId, auth, areaId } = await library();
    const a1 = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    await bookOk(auth, libraryId, a1);
    await bookOk(auth, libraryId);
    const lowered = await putArea(auth, areaId, { area_name: 'Hall A', total_seats: 2, status: 'active' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const belowSeats = await putArea(auth, areaId, { area_name: 'Hall A', total_seats: 1, status: 'active' });
    expect(belowSeats.statusCode).toBe(409);
    expect(belowSeats.json().message).toBe(messages.areas.shrinkBelowSeats(2));
  });
});
