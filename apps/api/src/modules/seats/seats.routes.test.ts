import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages, seatSchema, successEnvelope, type Area, type Seat } from '@app/shared';
import { registerLibrary, useTestApp } from '../../test/helpers';

const m = messages.seats;
type Headers = Record<string, string>;

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createArea(headers: Headers, name: string, totalSeats = 10, status = 'active'): Promise<Area> {
  const response = await call('POST', '/api/area', headers, { area_name: name, total_seats: totalSeats, status });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data;
}

async function addSeat(
  headers: Headers,
  areaId: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<Seat> {
  const response = await call('POST', '/api/seat', headers, { name, area_id: areaId, status: 'active', ...extra });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data;
}

const seatNames = async (headers: Headers, url: string) =>
  (await call('GET', url, headers)).json().data.map((seat: Seat) => seat.name);

describe('POST /api/seat', () => {
  it('adds a seat with capacity 1 by default and answers its live state', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'A Block');
    const response = await call('POST', '/api/seat', auth, { name: ' A1 ', area_id: area.id, status: 'active' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: true,
      message: m.added,
      data: { name: 'A1', area_id: area.id, area_name: 'A Block', status: 'active', capacity: 1, state: 'available' },
    });
    const pair = await addSeat(auth, area.id, 'A2', { capacity: 2 });
    expect(pair.capacity).toBe(2);
  });

  it('answers the spec messages for missing fields', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await call('POST', '/api/seat', auth, { name: '', area_id: '', status: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message: m.nameRequired });
    expect(response.json().errors).toEqual([
      { field: 'name', message: m.nameRequired, messageCode: 'seats.nameRequired' },
      { field: 'area_id', message: m.areaRequired, messageCode: 'seats.areaRequired' },
      { field: 'status', message: m.statusRequired, messageCode: 'seats.statusRequired' },
    ]);
  });

  it.each([0, 100, 1.5, '2.5', 'two', -1])('refuses capacity %j', async (capacity) => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Hall');
    const response = await call('POST', '/api/seat', auth, {
      name: 'S1',
      area_id: area.id,
      status: 'active',
      capacity,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('capacity');
    expect([m.capacityRange, m.capacityNumber]).toContain(response.json().message);
  });

  it('refuses a status the owner cannot set', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Hall');
    const response = await call('POST', '/api/seat', auth, { name: 'S1', area_id: area.id, status: 'occupied' });
    expect(response.json()).toMatchObject({ code: 400, message: m.statusInvalid });
  });

  it('keeps names unique within an area, in any letter case, but not across areas', async () => {
    const { auth } = await registerLibrary(t.app);
    const first = await createArea(auth, 'First');
    const second = await createArea(auth, 'Second');
    await addSeat(auth, first.id, 'W1');
    const clash = await call('POST', '/api/seat', auth, { name: 'w1', area_id: first.id, status: 'active' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 409, message: m.nameTaken, errors: [{ field: 'name' }] });
    await expect(addSeat(auth, second.id, 'W1')).resolves.toMatchObject({ area_id: second.id });
  });

  it('refuses a seat in a full area, saying what to do', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Tiny', 2);
    await addSeat(auth, area.id, 'T1');
    await addSeat(auth, area.id, 'T2');
    const response = await call('POST', '/api/seat', auth, { name: 'T3', area_id: area.id, status: 'active' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 409, message: m.areaFull(2), errors: [{ field: 'area_id' }] });
    expect(response.json().message).toBe('This area already has its 2 seats; raise Total Seats first');
  });

  it('never exceeds Total Seats under concurrent requests', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Rush', 8);
    for (const name of ['R1', 'R2', 'R3']) await addSeat(auth, area.id, name);
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call('POST', '/api/seat', auth, { name: `X${index}`, area_id: area.id, status: 'active' }),
      ),
    );
    const codes = attempts.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    expect(await seatNames(auth, `/api/seat/${area.id}`)).toHaveLength(8);
  });

  it('refuses an unknown area and a malformed area id', async () => {
    const { auth } = await registerLibrary(t.app);
    const unknown = await call('POST', '/api/seat', auth, {
      name: 'S1',
      area_id: '00000000-0000-4000-8000-000000000000',
      status: 'active',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, message: m.areaNotFound, errors: [{ field: 'area_id' }] });
    const malformed = await call('POST', '/api/seat', auth, { name: 'S1', area_id: 'hall-b', status: 'active' });
    expect(malformed.json()).toMatchObject({ code: 400, message: m.areaRequired });
  });
});

describe('GET /api/seat and /api/seat/{areaId}', () => {
  it('lists seats in natural order with their area, optionally one area', async () => {
    const { auth } = await registerLibrary(t.app);
    const b = await createArea(auth, 'B Wing');
    const a = await createArea(auth, 'A Wing');
    for (const name of ['B10', 'B2', 'B1']) await addSeat(auth, b.id, name);
    for (const name of ['A2', 'a10', 'A1']) await addSeat(auth, a.id, name);
    expect(await seatNames(auth, '/api/seat')).toEqual(['A1', 'A2', 'a10', 'B1', 'B2', 'B10']);
    expect(await seatNames(auth, `/api/seat/${b.id}`)).toEqual(['B1', 'B2', 'B10']);
    expect(await seatNames(auth, `/api/seat?areaId=${a.id}`)).toEqual(['A1', 'A2', 'a10']);
    const listed = (await call('GET', `/api/seat/${b.id}`, auth)).json();
    expect(listed.status).toBe(true);
    expect(listed.data[0]).toMatchObject({ area_id: b.id, area_name: 'B Wing' });
  });

  it('answers what the seat schema says, field for field, as the seat itself answers it', async () => {
    // The list's JSON is written by PostgreSQL (seats.repository.ts, listSeatsJson) and sent as it
    // is, so the route's response schema is not run over it: this holds it to the schema instead.
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Hall "East" \\ नया');
    const odd = await addSeat(auth, area.id, 'S "1" \\ \t ✓', { capacity: 3 });
    const plain = await addSeat(auth, area.id, 'S2', { status: 'inactive' });
    for (const url of ['/api/seat', `/api/seat/${area.id}`, `/api/seat?areaId=${area.id}`]) {
      const response = await call('GET', url, auth);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      const strict = successEnvelope(z.array(seatSchema.strict())).strict();
      expect(strict.safeParse(body).success).toBe(true);
      expect(body).toEqual({ status: true, message: m.listed, data: [plain, odd] });
    }
    const { auth: other } = await registerLibrary(t.app);
    expect((await call('GET', '/api/seat', other)).json()).toEqual({ status: true, message: m.listed, data: [] });

    // Over 64 kB the answer is streamed area by area (lib/json-answer.ts): the same answer.
    const big = await createArea(auth, 'Big', 400);
    expect((await call('POST', `/api/area/${big.id}/generate-seats`, auth)).statusCode).toBe(201);
    const response = await call('GET', '/api/seat', auth);
    expect(response.body.length).toBeGreaterThan(64 * 1024);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(successEnvelope(z.array(seatSchema.strict())).strict().safeParse(body).success).toBe(true);
    expect(body.data).toHaveLength(402);
    expect(body.data.slice(0, 3).map((seat: Seat) => seat.name)).toEqual(['B1', 'B2', 'B3']);
    expect(body.data.slice(-3)).toEqual([expect.objectContaining({ name: 'B400' }), plain, odd]);
  });

  it('derives the live state from the seat and its area', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Hall');
    await addSeat(auth, area.id, 'S1');
    await addSeat(auth, area.id, 'S2', { status: 'inactive' });
    const states = async () =>
      (await call('GET', `/api/seat/${area.id}`, auth)).json().data.map((seat: Seat) => [seat.status, seat.state]);
    expect(await states()).toEqual([
      ['active', 'available'],
      ['inactive', 'inactive'],
    ]);
    await call('PUT', `/api/area/${area.id}`, auth, { area_name: 'Hall', total_seats: 10, status: 'maintenance' });
    expect(await states()).toEqual([
      ['active', 'maintenance'],
      ['inactive', 'maintenance'],
    ]);
    await call('PUT', `/api/area/${area.id}`, auth, { area_name: 'Hall', total_seats: 10, status: 'inactive' });
    expect(await states()).toEqual([
      ['active', 'inactive'],
      ['inactive', 'inactive'],
    ]);
  });

  it('answers an empty list for a library without seats, and 400/404 for bad area ids', async () => {
    const { auth } = await registerLibrary(t.app);
    expect((await call('GET', '/api/seat', auth)).json()).toMatchObject({ status: true, data: [] });
    expect((await call('GET', '/api/seat/not-an-id', auth)).statusCode).toBe(400);
    expect((await call('GET', '/api/seat?areaId=nope', auth)).statusCode).toBe(400);
    const unknown = await call('GET', '/api/seat/00000000-0000-4000-8000-000000000000', auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, message: messages.areas.notFound });
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/seat', {})).statusCode).toBe(401);
    expect((await call('POST', '/api/seat', {}, {})).statusCode).toBe(401);
  });
});

describe('PUT /api/seat/{id}', () => {
  it('renames a seat, changes capacity and status, and keeps capacity when left out', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Hall');
    const seat = await addSeat(auth, area.id, 'S1');
    const response = await call('PUT', `/api/seat/${seat.id}`, auth, {
      name: 'Window 1',
      area_id: area.id,
      status: 'inactive',
      capacity: 2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: m.updated,
      data: { id: seat.id, name: 'Window 1', status: 'inactive', capacity: 2, state: 'inactive' },
    });
    const kept = await call('PUT', `/api/seat/${seat.id}`, auth, {
      name: 'Window 1',
      area_id: area.id,
      status: 'active',
    });
    expect(kept.json().data).toMatchObject({ capacity: 2, state: 'available' });
  });

  it('moves a seat to an area with room, and refuses a full one or a clashing name', async () => {
    const { auth } = await registerLibrary(t.app);
    const from = await createArea(auth, 'From');
    const full = await createArea(auth, 'Full', 1);
    const roomy = await createArea(auth, 'Roomy', 5);
    const seat = await addSeat(auth, from.id, 'S1');
    await addSeat(auth, full.id, 'F1');
    await addSeat(auth, roomy.id, 'S2');
    const intoFull = await call('PUT', `/api/seat/${seat.id}`, auth, {
      name: 'S1',
      area_id: full.id,
      status: 'active',
    });
    expect(intoFull.statusCode).toBe(409);
    expect(intoFull.json()).toMatchObject({ message: m.areaFull(1) });
    const clash = await call('PUT', `/api/seat/${seat.id}`, auth, { name: 's2', area_id: roomy.id, status: 'active' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: m.nameTaken, errors: [{ field: 'name' }] });
    const moved = await call('PUT', `/api/seat/${seat.id}`, auth, { name: 'S1', area_id: roomy.id, status: 'active' });
    expect(moved.json().data).toMatchObject({ area_id: roomy.id, area_name: 'Roomy' });
    // Saving a seat in its own full area is not a move.
    const stay = await call('PUT', `/api/seat/${seat.id}`, auth, { name: 'S1x', area_id: roomy.id, status: 'active' });
    expect(stay.statusCode).toBe(200);
  });

  it('answers 404 for an unknown seat and 400 for a malformed id or body', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Hall');
    const body = { name: 'S1', area_id: area.id, status: 'active' };
    const unknown = await call('PUT', '/api/seat/00000000-0000-4000-8000-000000000000', auth, body);
    expect(unknown.json()).toMatchObject({ code: 404, message: m.notFound });
    expect((await call('PUT', '/api/seat/123', auth, body)).json()).toMatchObject({ code: 400, message: m.invalidId });
    const seat = await addSeat(auth, area.id, 'S1');
    const blank = await call('PUT', `/api/seat/${seat.id}`, auth, { ...body, name: '   ' });
    expect(blank.json()).toMatchObject({ code: 400, message: m.nameRequired });
  });
});

describe('DELETE /api/seat/{id}', () => {
  it('deletes a seat, freeing its place in the area', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Tiny', 1);
    const seat = await addSeat(auth, area.id, 'T1');
    const response = await call('DELETE', `/api/seat/${seat.id}`, auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: m.deleted, data: null });
    expect((await call('DELETE', `/api/seat/${seat.id}`, auth)).statusCode).toBe(404);
    await expect(addSeat(auth, area.id, 'T1')).resolves.toMatchObject({ name: 'T1' });
  });
});

describe('POST /api/area/{id}/generate-seats', () => {
  it('fills the area up to Total Seats, continuing its seat names', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'A Block', 40);
    for (let number = 1; number <= 10; number += 1) await addSeat(auth, area.id, `A${number}`);
    const response = await call('POST', `/api/area/${area.id}/generate-seats`, auth);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: true,
      message: messages.areas.generated(30),
      data: { created: 30 },
    });
    const names = response.json().data.seats.map((seat: Seat) => seat.name);
    expect(names).toEqual(Array.from({ length: 30 }, (_, index) => `A${index + 11}`));
    expect(response.json().data.seats[0]).toMatchObject({
      area_id: area.id,
      status: 'active',
      capacity: 1,
      state: 'available',
    });
    const after = (await call('GET', `/api/area/${area.id}`, auth)).json().data;
    expect(after).toMatchObject({ seatCount: 40, availableSeats: 40 });
  });

  it("starts an empty area from its name's code", async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Hall B', 3);
    const response = await call('POST', `/api/area/${area.id}/generate-seats`, auth);
    expect(response.json().data.seats.map((seat: Seat) => seat.name)).toEqual(['B1', 'B2', 'B3']);
  });

  it('uses the area prefix and skips names that exist when the seats have no numbers', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Silent Zone', 4);
    await addSeat(auth, area.id, 'Window');
    await addSeat(auth, area.id, 'Corner');
    const response = await call('POST', `/api/area/${area.id}/generate-seats`, auth);
    expect(response.json().data.seats.map((seat: Seat) => seat.name)).toEqual(['SZ1', 'SZ2']);
  });

  it('refuses a full area and an unknown one', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Tiny', 1);
    await addSeat(auth, area.id, 'T1');
    const full = await call('POST', `/api/area/${area.id}/generate-seats`, auth);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 409, message: m.areaFull(1) });
    const unknown = await call('POST', '/api/area/00000000-0000-4000-8000-000000000000/generate-seats', auth);
    expect(unknown.json()).toMatchObject({ code: 404, message: messages.areas.notFound });
    expect((await call('POST', '/api/area/nope/generate-seats', auth)).statusCode).toBe(400);
  });

  it('never overfills when generation races seat creation', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, 'Race', 20);
    const results = await Promise.all([
      call('POST', `/api/area/${area.id}/generate-seats`, auth),
      ...Array.from({ length: 4 }, (_, index) =>
        call('POST', '/api/seat', auth, { name: `Z${index}`, area_id: area.id, status: 'active' }),
      ),
      call('POST', `/api/area/${area.id}/generate-seats`, auth),
    ]);
    expect(results.every((response) => [201, 409].includes(response.statusCode))).toBe(true);
    expect(await seatNames(auth, `/api/seat/${area.id}`)).toHaveLength(20);
  });
});

describe("another library's seats", () => {
  it('answer 404 on every call and change nothing', async () => {
    const owner = await registerLibrary(t.app);
    const intruder = await registerLibrary(t.app);
    const area = await createArea(owner.auth, 'Private', 5);
    const seat = await addSeat(owner.auth, area.id, 'P1', { capacity: 3 });
    const ownArea = await createArea(intruder.auth, 'Mine', 5);
    const attempts = await Promise.all([
      call('PUT', `/api/seat/${seat.id}`, intruder.auth, { name: 'Hacked', area_id: ownArea.id, status: 'inactive' }),
      call('DELETE', `/api/seat/${seat.id}`, intruder.auth),
      call('POST', '/api/seat', intruder.auth, { name: 'Sneaky', area_id: area.id, status: 'active' }),
      call('GET', `/api/seat/${area.id}`, intruder.auth),
    ]);
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: false, code: 404 });
    }
    // Moving one's own seat into another library's area is refused the same way.
    const mine = await addSeat(intruder.auth, ownArea.id, 'M1');
    const move = await call('PUT', `/api/seat/${mine.id}`, intruder.auth, {
      name: 'M1',
      area_id: area.id,
      status: 'active',
    });
    expect(move.statusCode).toBe(404);
    expect(await seatNames(intruder.auth, '/api/seat')).toEqual(['M1']);
    const after = (await call('GET', `/api/seat/${area.id}`, owner.auth)).json().data;
    expect(after).toEqual([expect.objectContaining({ id: seat.id, name: 'P1', capacity: 3, status: 'active' })]);
  });
});
