import { describe, expect, it } from 'vitest';
import { insertSeat, insertStudent } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { bookForNewStudent, bookForNewStudentOk, libraryWithArea, subscriptionBody } from '../../test/bookings';

// Bookings of one library run side by side (issue 18) and take turns only on the occupancy rows of
// the days they share: these races must still never overbook a seat or the pool, on any path.
const t = useTestApp();

const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode).sort();

/** Reserved plans at the seat, and all plans of the library, from the database itself. */
async function counts(libraryId: string, seatId?: string) {
  const result = await t.pool.query<{ at_seat: number; all: number }>(
    `select count(*) filter (where seat_id = $2)::int as at_seat, count(*)::int as all
     from subscriptions where library_id = $1`,
    [libraryId, seatId ?? null],
  );
  return result.rows[0]!;
}

describe('booking races', () => {
  it('gives one seat to exactly one of many parallel attempts, in overlapping windows', async () => {
    const { libraryId, auth, areaId } = await libraryWithArea(t, { totalSeats: 10 });
    const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    const windows = [
      { start: '08:00', end: '12:00' },
      { start: '10:00', end: '14:00' },
      { start: '11:00', end: '11:30' },
      { start: '06:00', end: '09:00' },
    ];
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => bookForNewStudent(t, auth, libraryId, { seatId, ...windows[i % 4]! })),
    );
    // Every window overlaps 08:00–12:00 or 10:00–14:00 overlaps them, so two that both
    // fit can only be 06:00–09:00 beside 10:00–14:00 or 11:00–11:30.
    const created = responses.filter((r) => r.statusCode === 201).length;
    expect(
      responses.every((r) => r.statusCode === 201 || r.statusCode === 409),
      JSON.stringify(statuses(responses)),
    ).toBe(true);
    expect(created).toBeGreaterThanOrEqual(1);
    expect(created).toBeLessThanOrEqual(2);
    expect((await counts(libraryId, seatId)).at_seat).toBe(created);
    const overlapping = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from subscriptions a join subscriptions b on a.id < b.id
       where a.seat_id = $1 and b.seat_id = $1 and a.start_time < b.end_time and b.start_time < a.end_time`,
      [seatId],
    );
    expect(overlapping.rows[0]!.n).toBe(0);
  });

  it('fills the pool to its places and no further when many book it at once', async () => {
    const { libraryId, auth, areaId } = await libraryWithArea(t, { totalSeats: 10 });
    for (const name of ['A1', 'A2', 'A3']) await insertSeat(t.pool, libraryId, areaId, { name });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => bookForNewStudent(t, auth, libraryId, { start: '10:00', end: '13:00' })),
    );
    expect(statuses(responses)).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await counts(libraryId)).all).toBe(3);
  });

  it('counts reserved bookings at different seats against the pool they share', async () => {
    // Two seats, one pool booking: each seat is free, but only one more person fits the pool.
    const { libraryId, auth, areaId } = await libraryWithArea(t, { totalSeats: 10 });
    const a1 = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    const a2 = await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    await bookForNewStudentOk(t, auth, libraryId, { start: '10:00', end: '13:00' });
    const responses = await Promise.all(
      [a1, a2, a1, a2].map((seatId) => bookForNewStudent(t, auth, libraryId, { seatId, start: '09:00', end: '11:00' })),
    );
    expect(statuses(responses)).toEqual([201, 409, 409, 409]);
    expect((await counts(libraryId)).all).toBe(2);
  });

  it('lets an edit and a booking race for a free window, and only one of them wins', async () => {
    const { libraryId, auth, areaId } = await libraryWithArea(t, { totalSeats: 10 });
    for (let round = 0; round < 4; round += 1) {
      const seatId = await insertSeat(t.pool, libraryId, areaId, { name: `A${round + 1}` });
      const moving = await bookForNewStudentOk(t, auth, libraryId, { seatId, start: '06:00', end: '08:00' });
      const [edit, booking] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/subscription/${moving}`,
          headers: auth,
          payload: { start_time: '18:00', end_time: '20:00', is_reserved: true, seat_id: seatId },
        }),
        bookForNewStudent(t, auth, libraryId, { seatId, start: '19:00', end: '21:00' }),
      ]);
      expect(statuses([edit, booking]), `round ${round}`).toContain(409);
      expect([edit.statusCode, booking.statusCode].filter((s) => s === 200 || s === 201)).toHaveLength(1);
      expect((await counts(libraryId, seatId)).at_seat).toBe(edit.statusCode === 200 ? 1 : 2);
    }
  });

  it('refuses, in the database itself, a booking transaction that overbooks a seat or the pool', async () => {
    const { libraryId, auth, areaId } = await libraryWithArea(t, { totalSeats: 10 });
    const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    await bookForNewStudentOk(t, auth, libraryId, { seatId, start: '08:00', end: '12:00' });
    const student = await insertStudent(t.pool, libraryId);
    const body = subscriptionBody(student.id);
    // As the booking paths do: the transaction asks the guard to check (other writes only keep the counts).
    const insert = async (reserved: boolean) => {
      const client = await t.pool.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('booking.check', 'on', true)`);
        await client.query(
          `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
           values ($1, $2, $3, $4, '11:00', '13:00', $5, ($5::date + 20), 1)`,
          [libraryId, student.id, reserved ? seatId : null, reserved, body.joining_date],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    };
    await expect(insert(true)).rejects.toMatchObject({ code: 'BK001' }); // the pool of one is full first
    await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    await expect(insert(true)).rejects.toMatchObject({ code: 'BK002' }); // two places now, but A1 holds one
    await insert(false); // the pool's second place
    await expect(insert(false)).rejects.toMatchObject({ code: 'BK001' });
    expect((await counts(libraryId, seatId)).all).toBe(2);
  });

  it('counts a plan written straight to the database, outside the booking paths', async () => {
    const { libraryId, auth, areaId } = await libraryWithArea(t, { totalSeats: 10 });
    for (const name of ['A1', 'A2']) await insertSeat(t.pool, libraryId, areaId, { name });
    const student = await insertStudent(t.pool, libraryId);
    const { joining_date } = subscriptionBody(student.id);
    await t.pool.query(
      `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
       values ($1, $2, null, false, '22:00', '02:00', $3::date - 1, $3::date + 3, 1)`,
      [libraryId, student.id, joining_date],
    );
    const places = async (start: string, end: string) =>
      (
        await t.app.inject({
          url: `/api/subscription/available?joining_date=${joining_date}&start_time=${start}&end_time=${end}`,
          headers: auth,
        })
      ).json<{ data: { availableSeats: number } }>().data.availableSeats;
    expect(await places('01:00', '03:00')).toBe(1); // last night's window runs into this morning
    expect(await places('03:00', '05:00')).toBe(2);
    await bookForNewStudentOk(t, auth, libraryId, { start: '00:30', end: '01:30' });
    expect((await bookForNewStudent(t, auth, libraryId, { start: '01:00', end: '02:00' })).statusCode).toBe(409);
  });

  it('keeps the occupancy equal to a rebuild and its peak equal to a count minute by minute, through inserts, edits and deletes', async () => {
    const { libraryId } = await libraryWithArea(t, { totalSeats: 10 });
    const student = await insertStudent(t.pool, libraryId);
    // 300 plans with random windows (overnight ones included) and days, written straight to the database.
    await t.pool.query(
      `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
       select $1, $2, null, false, make_time((random() * 23)::int, (random() * 59)::int, 0),
              make_time((random() * 23)::int, (random() * 59)::int, 0), j, j + (random() * 40)::int, 1
       from (select current_date - 30 + (random() * 60)::int as j from generate_series(1, 300)) as plans`,
      [libraryId, student.id],
    );
    await t.pool.query(
      `update subscriptions set start_time = start_time + interval '17 minutes' where library_id = $1 and random() < 0.3`,
      [libraryId],
    );
    await t.pool.query(
      `update subscriptions set plan_expires_at = plan_expires_at + 11 where library_id = $1 and random() < 0.3`,
      [libraryId],
    );
    await t.pool.query(`delete from subscriptions where library_id = $1 and random() < 0.1`, [libraryId]);
    const windows: Array<[number, number, number, number]> = [
      [480, 360, 0, 30],
      [1320, 480, -5, 20],
      [0, 1440, 0, 3],
      [1439, 2, -40, 45],
    ];
    for (const [start, length, from, to] of windows) {
      const { rows } = await t.pool.query<{ fast: number; counted: number }>(
        `select booking_pool_peak($1, current_date + $4::int, current_date + $5::int, $2, $3) as fast,
           (select coalesce(max(n), 0)::int from (
              select count(*) as n
              from generate_series(current_date + $4::int - date '1970-01-01', current_date + $5::int - date '1970-01-01') as d,
                generate_series(0, $3 - 1) as m, lateral (select d * 1440 + $2 + m as a) as minute
              join subscriptions s on s.library_id = $1
                and (a - booking_minute(s.start_time)) / 1440 between s.joining_date - date '1970-01-01' and s.plan_expires_at - date '1970-01-01'
                and (a - booking_minute(s.start_time)) % 1440 < booking_length(s.start_time, s.end_time)
              group by a) as per_minute) as counted`,
        [libraryId, start, length, from, to],
      );
      expect(rows[0]!.fast, `${start}+${length}`).toBe(rows[0]!.counted);
    }
    const kept = await t.pool.query<{ day: string; taken: number[] }>(
      `select day::text, taken from booking_occupancy where library_id = $1 and 0 < any(taken) order by day`,
      [libraryId],
    );
    await t.pool.query('select booking_occupancy_rebuild($1)', [libraryId]);
    const rebuilt = await t.pool.query<{ day: string; taken: number[] }>(
      `select day::text, taken from booking_occupancy where library_id = $1 and 0 < any(taken) order by day`,
      [libraryId],
    );
    expect(kept.rows.length).toBeGreaterThan(50);
    expect(kept.rows).toEqual(rebuilt.rows);
    const totals = await t.pool.query<{ kept: number; actual: number }>(
      `select (select total from library_subscription_counts where library_id = $1) as kept,
              (select count(*)::int from subscriptions where library_id = $1) as actual`,
      [libraryId],
    );
    expect(totals.rows[0]!.kept).toBe(totals.rows[0]!.actual);
  });
});
