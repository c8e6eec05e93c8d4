import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availabilitySchema, messages, successEnvelope, todayIn } from '@app/shared';
import { planExpiry, dayNumber, dateOfDayNumber } from '../../lib/booking/time';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { subscriptionBody, libraryWithArea } from '../../test/bookings';

const m = messages.subscriptions;
const t = useTestApp();

const today = () => todayIn('Asia/Kolkata');
const shiftDays = (date: string, days: number) => dateOfDayNumber(dayNumber(date)! + days);

/** A library with `seats` seats of capacity 1 in one active area, and a student. */
async function setup(seatCount = 2) {
  const { libraryId, auth, areaId } = await libraryWithArea(t, { totalSeats: 50 });
  const seatIds: string[] = [];
  for (let i = 1; i <= seatCount; i += 1) seatIds.push(await insertSeat(t.pool, libraryId, areaId, { name: `A${i}` }));
  const student = await insertStudent(t.pool, libraryId, { firstName: 'Priya' });
  return { libraryId, auth, areaId, seatIds, student };
}

function createBody(studentId: string, overrides: Record<string, unknown> = {}) {
  return { ...subscriptionBody(studentId, { joiningDate: today(), fee: 1200 }), ...overrides };
}

const post = (auth: Record<string, string>, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: key ? { ...auth, 'idempotency-key': key } : auth,
    payload,
  });

async function feesOf(libraryId: string) {
  const result = await t.pool.query(
    'select amount, duration, unit, mode, status, kind from fees where library_id = $1 order by created_at',
    [libraryId],
  );
  return result.rows;
}

describe('POST /api/subscription', () => {
  it('creates a subscription ending a day before the same date a duration later, and records its fee', async () => {
    const { auth, student, libraryId } = await setup();
    const response = await post(auth, createBody(student.id, { duration: 3, fee: 3600.5, mode: 'UPI' }));
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      student_id: student.id,
      first_name: 'Priya',
      mobile: student.mobile,
      start_time: '06:00:00',
      end_time: '14:00:00',
      is_reserved: false,
      seat_id: null,
      name: null,
      joining_date: today(),
      plan_expires_at: planExpiry(today(), 3),
      plan_expire_at: planExpiry(today(), 3),
      duration: 3,
      status: 'active',
    });
    expect(await feesOf(libraryId)).toEqual([
      { amount: '3600.50', duration: 3, unit: 'months', mode: 'UPI', status: 'paid', kind: 'new' },
    ]);
  });

  it('answers the form rules with the spec messages', async () => {
    const { auth } = await setup();
    const response = await post(auth, {
      joining_date: '',
      start_time: '',
      end_time: '',
      duration: '',
      fee: '',
      mode: '',
    });
    expect(response.statusCode).toBe(400);
    const byField = Object.fromEntries(
      response.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toMatchObject({
      joining_date: m.joiningDateRequired,
      start_time: m.startTimeRequired,
      end_time: m.endTimeRequired,
      duration: m.durationRequired,
      fee: m.feeRequired,
      mode: m.modeRequired,
      is_reserved: m.statusRequired,
    });
  });

  it('needs the reserved seat when reserved, and refuses odd values', async () => {
    const { auth, student } = await setup();
    const reserved = await post(auth, createBody(student.id, { is_reserved: true }));
    expect(reserved.json().errors).toEqual([
      { field: 'seat_id', message: m.reservedSeatRequired, messageCode: 'subscriptions.reservedSeatRequired' },
    ]);
    for (const [field, value] of [
      ['duration', 0],
      ['duration', 1.5],
      ['duration', 99],
      ['fee', -1],
      ['fee', 10.001],
      ['mode', 'Bitcoin'],
      ['start_time', '25:00'],
      ['joining_date', '2026-02-30'],
      ['student_id', 'not-a-uuid'],
    ] as const) {
      const response = await post(auth, createBody(student.id, { [field]: value }));
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
  });

  it('refuses a student or seat of another library with 404 and writes nothing', async () => {
    const mine = await setup();
    const other = await setup();
    const foreignStudent = await post(mine.auth, createBody(other.student.id));
    expect(foreignStudent.statusCode).toBe(404);
    expect(foreignStudent.json().message).toBe(m.studentNotFound);
    const foreignSeat = await post(
      mine.auth,
      createBody(mine.student.id, { is_reserved: true, seat_id: other.seatIds[0] }),
    );
    expect(foreignSeat.statusCode).toBe(404);
    expect(await feesOf(mine.libraryId)).toEqual([]);
    expect(await feesOf(other.libraryId)).toEqual([]);
  });

  it('never books more places than the pool holds, naming the window', async () => {
    const { auth, libraryId } = await setup(2);
    for (let i = 0; i < 2; i += 1) {
      const student = await insertStudent(t.pool, libraryId);
      expect((await post(auth, createBody(student.id))).statusCode).toBe(201);
    }
    const third = await insertStudent(t.pool, libraryId);
    const full = await post(auth, createBody(third.id, { start_time: '13:00', end_time: '15:00' }));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain('1:00 PM–3:00 PM');
    // A window that touches the others only at 14:00 fits.
    expect((await post(auth, createBody(third.id, { start_time: '14:00', end_time: '22:00' }))).statusCode).toBe(201);
    expect((await feesOf(libraryId)).length).toBe(3);
  });

  it('counts an overnight window into the next morning', async () => {
    const { auth, libraryId } = await setup(1);
    const night = await insertStudent(t.pool, libraryId);
    expect((await post(auth, createBody(night.id, { start_time: '22:00', end_time: '06:00' }))).statusCode).toBe(201);
    const early = await insertStudent(t.pool, libraryId);
    const clash = await post(auth, createBody(early.id, { start_time: '05:00', end_time: '09:00' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('5:00 AM–9:00 AM');
    expect((await post(auth, createBody(early.id, { start_time: '06:00', end_time: '09:00' }))).statusCode).toBe(201);
  });

  it('keeps a reserved seat to its capacity', async () => {
    const { auth, libraryId, seatIds } = await setup(3);
    const a = await insertStudent(t.pool, libraryId);
    const b = await insertStudent(t.pool, libraryId);
    expect((await post(auth, createBody(a.id, { is_reserved: true, seat_id: seatIds[0] }))).statusCode).toBe(201);
    const clash = await post(
      auth,
      createBody(b.id, { is_reserved: true, seat_id: seatIds[0], start_time: '10:00', end_time: '18:00' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 409, errors: [{ field: 'seat_id' }] });
    expect(clash.json().message).toContain('Seat A1');
    expect((await post(auth, createBody(b.id, { is_reserved: true, seat_id: seatIds[1] }))).statusCode).toBe(201);
  });

  it('refuses a seat that is inactive or in an area under maintenance', async () => {
    const { auth, libraryId, student } = await setup(1);
    const areaId = await insertArea(t.pool, libraryId, { name: 'Closed', status: 'maintenance' });
    const seat = await insertSeat(t.pool, libraryId, areaId, { name: 'M1' });
    const response = await post(auth, createBody(student.id, { is_reserved: true, seat_id: seat }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(m.seatNotUsable);
  });

  it('never overbooks under concurrent requests', async () => {
    const { auth, libraryId } = await setup(5);
    const students = await Promise.all(Array.from({ length: 16 }, () => insertStudent(t.pool, libraryId)));
    const responses = await Promise.all(students.map((student) => post(auth, createBody(student.id))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
    expect((await feesOf(libraryId)).length).toBe(5);
  });

  it('answers a replayed Idempotency-Key with the first answer and records one fee', async () => {
    const { auth, student, libraryId } = await setup();
    const body = createBody(student.id);
    const first = await post(auth, body, 'key-123');
    const again = await post(auth, body, 'key-123');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await feesOf(libraryId)).length).toBe(1);
    const different = await post(auth, { ...body, fee: 999 }, 'key-123');
    expect(different.statusCode).toBe(422);
    expect(different.json().message).toBe(m.idempotencyMismatch);
    const bad = await post(auth, body, 'x'.repeat(300));
    expect(bad.statusCode).toBe(400);
  });

  it('books once when retries with one Idempotency-Key arrive at the same time', async () => {
    const { auth, student, libraryId } = await setup();
    const body = createBody(student.id);
    const responses = await Promise.all(Array.from({ length: 6 }, () => post(auth, body, 'same-moment')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    const ids = new Set(responses.map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    expect((await feesOf(libraryId)).length).toBe(1);
  });
});

describe('PUT /api/subscription/:id and renew', () => {
  it('changes the window, re-checking capacity without counting itself', async () => {
    const { auth, student, libraryId } = await setup(1);
    const created = (await post(auth, createBody(student.id))).json().data;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/${created.id}`,
      headers: auth,
      payload: { start_time: '08:00:00', end_time: '16:00:00', is_reserved: false },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ start_time: '08:00:00', end_time: '16:00:00' });

    const other = await insertStudent(t.pool, libraryId);
    const second = (await post(auth, createBody(other.id, { start_time: '17:00', end_time: '21:00' }))).json().data;
    const clash = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/${second.id}`,
      headers: auth,
      payload: { start_time: '15:00', end_time: '21:00', is_reserved: false },
    });
    expect(clash.statusCode).toBe(409);
    const unchanged = await t.app.inject({ url: `/api/subscription/${second.id}`, headers: auth });
    expect(unchanged.json().data.start_time).toBe('17:00:00');
  });

  it('renews from the current expiry and records a renewal fee', async () => {
    const { auth, student, libraryId } = await setup();
    const created = (await post(auth, createBody(student.id, { duration: 1 }))).json().data;
    const renewed = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${created.id}`,
      headers: { ...auth, 'idempotency-key': 'renew-1' },
      payload: { duration: 2, fee: 2400, mode: 'Card' },
    });
    expect(renewed.statusCode).toBe(200);
    const expected = planExpiry(shiftDays(created.plan_expires_at, 1), 2);
    expect(renewed.json().data).toMatchObject({
      plan_expires_at: expected,
      joining_date: created.joining_date,
      duration: 2,
    });
    const replay = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${created.id}`,
      headers: { ...auth, 'idempotency-key': 'renew-1' },
      payload: { duration: 2, fee: 2400, mode: 'Card' },
    });
    expect(replay.json().data.plan_expires_at).toBe(expected);
    const fees = await feesOf(libraryId);
    expect(fees.map((fee) => [fee.kind, fee.amount, fee.mode])).toEqual([
      ['new', '1200.00', 'Cash'],
      ['renewal', '2400.00', 'Card'],
    ]);
  });

  it('renews a lapsed plan from today', async () => {
    const { auth, student } = await setup();
    const joined = shiftDays(today(), -90);
    const created = (await post(auth, createBody(student.id, { joining_date: joined, duration: 1 }))).json().data;
    expect(created.status).toBe('expired');
    const renewed = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${created.id}`,
      headers: auth,
      payload: { duration: 1, fee: 1000, mode: 'Cash' },
    });
    expect(renewed.json().data).toMatchObject({
      joining_date: today(),
      plan_expires_at: planExpiry(today(), 1),
      status: 'active',
    });
  });

  it('renewal respects capacity for the new days', async () => {
    const { auth, libraryId } = await setup(1);
    const a = await insertStudent(t.pool, libraryId);
    const b = await insertStudent(t.pool, libraryId);
    const first = (await post(auth, createBody(a.id, { duration: 1 }))).json().data;
    // b takes the only place from the day after a's plan ends.
    const later = shiftDays(first.plan_expires_at, 1);
    expect((await post(auth, createBody(b.id, { joining_date: later, duration: 1 }))).statusCode).toBe(201);
    const renew = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${first.id}`,
      headers: auth,
      payload: { duration: 1, fee: 1000, mode: 'Cash' },
    });
    expect(renew.statusCode).toBe(409);
    expect((await feesOf(libraryId)).length).toBe(2);
  });
});

describe('GET /api/subscription and availability', () => {
  it('continues on a second page in the same order, whatever the sort (the first page has its bounds written in)', async () => {
    const { auth, libraryId } = await setup(20);
    for (const name of ['P1', 'P2', 'P3', 'P4', 'P5', 'P6']) {
      const student = await insertStudent(t.pool, libraryId, { firstName: name });
      expect((await post(auth, createBody(student.id, { duration: 1 }))).statusCode).toBe(201);
    }
    for (const sort of ['sortBy=name&sortOrder=ASC', 'sortBy=created_at&sortOrder=DESC', 'sortBy=plan_expire_at']) {
      const names = async (page: number) =>
        (await t.app.inject({ url: `/api/subscription?${sort}&limit=5&page=${page}`, headers: auth }))
          .json()
          .data.subscription.map((row: { first_name: string }) => row.first_name);
      const all = (await t.app.inject({ url: `/api/subscription?${sort}&limit=10`, headers: auth }))
        .json()
        .data.subscription.map((row: { first_name: string }) => row.first_name);
      expect(all, sort).toHaveLength(6);
      expect([...(await names(1)), ...(await names(2))], sort).toEqual(all);
    }
  });

  it('lists with search, filters, both expiry sort keys and continuing pages', async () => {
    const { auth, libraryId } = await setup(20);
    const names = ['Zoya', 'Aman', 'Meera'];
    for (const [index, name] of names.entries()) {
      const student = await insertStudent(t.pool, libraryId, { firstName: name });
      await post(auth, createBody(student.id, { duration: index + 1 }));
    }
    const expiredStudent = await insertStudent(t.pool, libraryId, { firstName: 'Old' });
    await post(auth, createBody(expiredStudent.id, { joining_date: shiftDays(today(), -60) }));

    const list = await t.app.inject({
      url: '/api/subscription?limit=5&sortBy=plan_expire_at&sortOrder=ASC',
      headers: auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.subscription.map((row: { first_name: string }) => row.first_name)).toEqual([
      'Old',
      'Zoya',
      'Aman',
      'Meera',
    ]);
    expect(list.json().data.pagination).toMatchObject({
      currentPage: 1,
      totalItems: 4,
      itemsPerPage: 5,
      totalPages: 1,
    });

    const desc = await t.app.inject({ url: '/api/subscription?sortBy=plan_expires_at&sortOrder=desc', headers: auth });
    expect(desc.json().data.subscription[0].first_name).toBe('Meera');

    const search = await t.app.inject({ url: '/api/subscription?search=ME', headers: auth });
    expect(search.json().data.subscription.map((row: { first_name: string }) => row.first_name)).toEqual(['Meera']);

    const expired = await t.app.inject({ url: '/api/subscription?status=expired', headers: auth });
    expect(expired.json().data.subscription.map((row: { first_name: string }) => row.first_name)).toEqual(['Old']);
    const expiring = await t.app.inject({ url: '/api/subscription?status=expiring', headers: auth });
    expect(expiring.json().data.subscription).toHaveLength(0);

    const page2 = await t.app.inject({ url: '/api/subscription?limit=5&page=2', headers: auth });
    expect(page2.json().data).toMatchObject({
      subscription: [],
      pagination: { currentPage: 2, hasPrevPage: true, totalItems: 4 },
    });
    // Each row carries the total; a page past the end counts it on its own, with the same filters.
    const totalOf = async (query: string) =>
      (await t.app.inject({ url: `/api/subscription?${query}`, headers: auth })).json().data.pagination.totalItems;
    expect(await totalOf('limit=5&page=1&search=ME')).toBe(1);
    expect(await totalOf('limit=5&page=3&search=ME')).toBe(1);
    expect(await totalOf('limit=5&page=1&status=active')).toBe(3);
    expect(await totalOf('limit=5&page=2&status=active')).toBe(3);
    expect(await totalOf('limit=5&page=2&status=expired')).toBe(1);
    expect(await totalOf('limit=5&page=2&status=expiring')).toBe(0);

    for (const query of ['sortBy=password', 'limit=7', 'page=0', 'sortOrder=sideways', 'status=everything']) {
      const bad = await t.app.inject({ url: `/api/subscription?${query}`, headers: auth });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('answers the places left and the seats free for the whole window', async () => {
    const { auth, libraryId, seatIds } = await setup(3);
    const a = await insertStudent(t.pool, libraryId);
    const b = await insertStudent(t.pool, libraryId);
    await post(auth, createBody(a.id, { is_reserved: true, seat_id: seatIds[0] }));
    await post(auth, createBody(b.id));
    const url = `/api/subscription/available?joining_date=${today()}&start_time=10:00&end_time=12:00`;
    const response = await t.app.inject({ url, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.availableSeats).toBe(1);
    expect(response.json().data.nonReservedSeats.map((seat: { name: string }) => seat.name)).toEqual(['A2', 'A3']);
    // Written by PostgreSQL and sent as it is (subscriptions.availability.ts): held to the schema here.
    const strict = successEnvelope(
      availabilitySchema
        .extend({ nonReservedSeats: z.array(availabilitySchema.shape.nonReservedSeats.element.strict()) })
        .strict(),
    ).strict();
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(strict.safeParse(response.json()).success).toBe(true);
    expect(response.json().data.nonReservedSeats[0]).toEqual({
      id: seatIds[1],
      name: 'A2',
      area_name: expect.any(String),
      capacity: 1,
    });
    const evening = await t.app.inject({ url: url.replace('10:00', '15:00').replace('12:00', '18:00'), headers: auth });
    expect(evening.json().data.availableSeats).toBe(3);
    expect(strict.safeParse(evening.json()).success).toBe(true);
    // No place left in the pool: no seats either.
    const c = await insertStudent(t.pool, libraryId);
    await post(auth, createBody(c.id));
    const full = await t.app.inject({ url, headers: auth });
    expect(full.json()).toEqual({ status: true, message: 'OK', data: { availableSeats: 0, nonReservedSeats: [] } });

    const missing = await t.app.inject({ url: `/api/subscription/available?joining_date=${today()}`, headers: auth });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(m.timesRequiredForAvailability);
  });
});

describe('tenancy', () => {
  it("answers 404 for another library's subscription on every call and changes nothing", async () => {
    const owner = await setup();
    const created = (await post(owner.auth, createBody(owner.student.id))).json().data;
    const intruder = await setup();
    const calls = [
      { method: 'GET' as const, url: `/api/subscription/${created.id}` },
      {
        method: 'PUT' as const,
        url: `/api/subscription/${created.id}`,
        payload: { start_time: '01:00', end_time: '02:00', is_reserved: false },
      },
      {
        method: 'PUT' as const,
        url: `/api/subscription/renew/${created.id}`,
        payload: { duration: 1, fee: 1, mode: 'Cash' },
      },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: intruder.auth });
      expect(response.statusCode, call.url).toBe(404);
    }
    const list = await t.app.inject({ url: '/api/subscription', headers: intruder.auth });
    expect(list.json().data.subscription).toEqual([]);
    const still = await t.app.inject({ url: `/api/subscription/${created.id}`, headers: owner.auth });
    expect(still.json().data).toMatchObject({ start_time: '06:00:00', plan_expires_at: created.plan_expires_at });
    expect((await feesOf(owner.libraryId)).length).toBe(1);
    const notUuid = await t.app.inject({ url: '/api/subscription/123', headers: owner.auth });
    expect(notUuid.statusCode).toBe(400);
  });

  it('needs a session on every call', async () => {
    for (const url of [
      '/api/subscription',
      '/api/subscription/available',
      `/api/subscription/${crypto.randomUUID()}`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(401);
    }
  });
});
