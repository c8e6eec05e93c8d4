import { describe, expect, it } from 'vitest';
import { AREA_SORT_KEYS, listMessages, messages, type Area } from '@app/shared';
import { registerLibrary, useTestApp } from '../../test/helpers';

const m = messages.areas;
type Headers = Record<string, string>;

const t = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createArea(headers: Headers, body: Record<string, unknown> = {}): Promise<Area> {
  const response = await call('POST', '/api/area', headers, {
    area_name: `Hall ${Math.random().toString(36).slice(2, 8)}`,
    total_seats: 10,
    status: 'active',
    ...body,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data;
}

async function addSeat(headers: Headers, areaId: string, name: string, extra: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/seat', headers, { name, area_id: areaId, status: 'active', ...extra });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data as { id: string };
}

describe('POST /api/area', () => {
  it('adds an area and answers it with its seat counts', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await call('POST', '/api/area', auth, {
      area_name: '  A Block ',
      total_seats: 40,
      status: 'active',
      location: 'First floor',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: true,
      message: m.added,
      data: {
        name: 'A Block',
        location: 'First floor',
        total_seats: 40,
        status: 'active',
        seatCount: 0,
        availableSeats: 0,
      },
    });
    expect(response.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers the spec messages for missing fields', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await call('POST', '/api/area', auth, { area_name: ' ', total_seats: '', status: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, code: 400, message: m.nameRequired });
    expect(response.json().errors).toEqual([
      { field: 'area_name', message: m.nameRequired, messageCode: 'areas.nameRequired' },
      { field: 'total_seats', message: m.totalSeatsRequired, messageCode: 'areas.totalSeatsRequired' },
      { field: 'status', message: m.statusRequired, messageCode: 'areas.statusRequired' },
    ]);
    const empty = await call('POST', '/api/area', auth, {});
    expect(empty.json().errors.map((e: { message: string }) => e.message)).toEqual([
      m.nameRequired,
      m.totalSeatsRequired,
      m.statusRequired,
    ]);
  });

  it.each([
    [12.5, m.totalSeatsWhole, 'areas.totalSeatsWhole'],
    ['7.25', m.totalSeatsWhole, 'areas.totalSeatsWhole'],
    [0, m.totalSeatsRange, 'areas.totalSeatsRange'],
    [-4, m.totalSeatsRange, 'areas.totalSeatsRange'],
    [1000, m.totalSeatsRange, 'areas.totalSeatsRange'],
    [1e308, m.totalSeatsRange, 'areas.totalSeatsRange'],
    ['9'.repeat(400), m.totalSeatsNumber, 'areas.totalSeatsNumber'],
    ['forty', m.totalSeatsNumber, 'areas.totalSeatsNumber'],
    [[40], m.totalSeatsNumber, 'areas.totalSeatsNumber'],
  ])('refuses total_seats %j', async (totalSeats, message, messageCode) => {
    const { auth } = await registerLibrary(t.app);
    const response = await call('POST', '/api/area', auth, {
      area_name: 'A',
      total_seats: totalSeats,
      status: 'active',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message, messageCode });
    expect(response.json().errors[0]).toEqual({ field: 'total_seats', message, messageCode });
  });

  it('accepts a numeric string and stores a whole number', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, { total_seats: '999' });
    expect(area.total_seats).toBe(999);
  });

  it('refuses an unknown status and a huge name', async () => {
    const { auth } = await registerLibrary(t.app);
    const closed = await call('POST', '/api/area', auth, { area_name: 'A', total_seats: 1, status: 'closed' });
    expect(closed.json()).toMatchObject({ code: 400, message: m.statusInvalid });
    const huge = await call('POST', '/api/area', auth, {
      area_name: 'x'.repeat(10_000),
      total_seats: 1,
      status: 'active',
    });
    expect(huge.statusCode).toBe(400);
  });

  it('keeps names unique within the library, in any letter case', async () => {
    const { auth } = await registerLibrary(t.app);
    await createArea(auth, { area_name: 'Silent Zone' });
    const clash = await call('POST', '/api/area', auth, { area_name: 'silent zone', total_seats: 5, status: 'active' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 409,
      message: m.nameTaken,
      errors: [{ field: 'area_name', message: m.nameTaken }],
    });
    // Another library may use the same name.
    const other = await registerLibrary(t.app);
    await expect(createArea(other.auth, { area_name: 'Silent Zone' })).resolves.toMatchObject({ name: 'Silent Zone' });
  });

  it('needs a session', async () => {
    const response = await call('POST', '/api/area', {}, { area_name: 'A', total_seats: 1, status: 'active' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, message: messages.auth.missingToken });
    const list = await call('GET', '/api/area?sortBy=nope', {});
    expect(list.statusCode).toBe(401);
  });
});

describe('GET /api/area', () => {
  async function libraryWithAreas() {
    const { auth } = await registerLibrary(t.app);
    const specs = [
      { area_name: 'Zebra Hall', total_seats: 30, status: 'active', location: 'Ground floor' },
      { area_name: 'alpha room', total_seats: 10, status: 'inactive', location: null },
      { area_name: 'Beta Room', total_seats: 20, status: 'maintenance', location: 'Terrace' },
      { area_name: 'Gamma', total_seats: 5, status: 'active', location: 'first FLOOR' },
    ];
    for (const spec of specs) await createArea(auth, spec);
    return auth;
  }

  it('answers a page sorted by name, case-insensitively, with the pagination object', async () => {
    const auth = await libraryWithAreas();
    const response = await call('GET', '/api/area?page=1&limit=5', auth);
    expect(response.statusCode).toBe(200);
    const { areas, pagination } = response.json().data;
    expect(areas.map((a: Area) => a.name)).toEqual(['alpha room', 'Beta Room', 'Gamma', 'Zebra Hall']);
    expect(pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 4,
      itemsPerPage: 5,
      hasNextPage: false,
      hasPrevPage: false,
      nextPage: null,
      prevPage: null,
    });
  });

  it('pages with the default size of 10 and the chosen one', async () => {
    const { auth } = await registerLibrary(t.app);
    for (let index = 1; index <= 12; index += 1)
      await createArea(auth, { area_name: `Room ${String(index).padStart(2, '0')}` });
    const first = (await call('GET', '/api/area', auth)).json().data;
    expect(first.areas).toHaveLength(10);
    expect(first.pagination).toMatchObject({ totalItems: 12, totalPages: 2, hasNextPage: true, nextPage: 2 });
    const second = (await call('GET', '/api/area?page=2', auth)).json().data;
    expect(second.areas.map((a: Area) => a.name)).toEqual(['Room 11', 'Room 12']);
    const fives = (await call('GET', '/api/area?limit=5&page=3', auth)).json().data;
    expect(fives.areas.map((a: Area) => a.name)).toEqual(['Room 11', 'Room 12']);
    expect(fives.pagination).toMatchObject({ currentPage: 3, totalPages: 3, hasPrevPage: true, prevPage: 2 });
  });

  it('sorts by the whitelisted keys in either order', async () => {
    const auth = await libraryWithAreas();
    const bySeats = (await call('GET', '/api/area?sortBy=total_seats&sortOrder=DESC', auth)).json().data;
    expect(bySeats.areas.map((a: Area) => a.total_seats)).toEqual([30, 20, 10, 5]);
    const byStatus = (await call('GET', '/api/area?sortBy=status&sortOrder=asc', auth)).json().data;
    expect(byStatus.areas.map((a: Area) => a.name)).toEqual(['Gamma', 'Zebra Hall', 'alpha room', 'Beta Room']);
    const byCreation = (await call('GET', '/api/area?sortBy=created_at', auth)).json().data;
    expect(byCreation.areas[0].name).toBe('Zebra Hall');
  });

  it('reads blank query values as not given', async () => {
    const { auth } = await registerLibrary(t.app);
    await createArea(auth, { area_name: 'Only' });
    const response = await call('GET', '/api/area?page=&limit=&sortBy=&sortOrder=&search=&status=', auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.pagination).toMatchObject({ currentPage: 1, itemsPerPage: 10, totalItems: 1 });
  });

  it('refuses unknown sort keys and bad paging instead of guessing', async () => {
    const { auth } = await registerLibrary(t.app);
    const cases: Array<[string, string]> = [
      ['sortBy=password_hash', listMessages.sortByInvalid(AREA_SORT_KEYS)],
      ['sortBy=name;drop table areas', listMessages.sortByInvalid(AREA_SORT_KEYS)],
      ['sortOrder=sideways', listMessages.sortOrderInvalid],
      ['limit=7', listMessages.limitInvalid],
      ['limit=ten', listMessages.limitInvalid],
      ['page=0', listMessages.pageInvalid],
      ['page=1.5', listMessages.pageInvalid],
      ['page=abc', listMessages.pageInvalid],
      ['status=open', m.statusInvalid],
      [`search=${'x'.repeat(101)}`, messages.list.searchTooLong],
    ];
    for (const [query, message] of cases) {
      const response = await call('GET', `/api/area?${query}`, auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ status: false, code: 400, message });
    }
  });

  it('searches name and location case-insensitively and filters by status', async () => {
    const auth = await libraryWithAreas();
    const names = async (query: string) =>
      (await call('GET', `/api/area?${query}`, auth)).json().data.areas.map((a: Area) => a.name);
    expect(await names('search=ROOM')).toEqual(['alpha room', 'Beta Room']);
    expect(await names('search=floor')).toEqual(['Gamma', 'Zebra Hall']);
    expect(await names('search=terr')).toEqual(['Beta Room']);
    expect(await names('status=active')).toEqual(['Gamma', 'Zebra Hall']);
    expect(await names('status=active&search=ground')).toEqual(['Zebra Hall']);
    // LIKE wildcards are searched for literally.
    expect(await names('search=%25')).toEqual([]);
    expect(await names('search=_')).toEqual([]);
    // The total counts what the filters keep, on a page and on a page past the end alike.
    const totalOf = async (query: string) =>
      (await call('GET', `/api/area?${query}`, auth)).json().data.pagination.totalItems;
    expect(await totalOf('search=ROOM')).toBe(2);
    expect(await totalOf('search=ROOM&page=3')).toBe(2);
    expect(await totalOf('status=active&page=1')).toBe(2);
    expect(await totalOf('status=active&page=4')).toBe(2);
    expect(await totalOf('status=active&search=ground&page=2')).toBe(1);
    expect(await totalOf('page=9')).toBe(4);
  });

  it('counts the seats that exist and those free now', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, { area_name: 'A Block', total_seats: 40 });
    await addSeat(auth, area.id, 'A1');
    await addSeat(auth, area.id, 'A2');
    await addSeat(auth, area.id, 'A3', { status: 'inactive' });
    const listed = (await call('GET', '/api/area', auth)).json().data.areas[0];
    expect(listed).toMatchObject({ seatCount: 3, availableSeats: 2 });
    const all = (await call('GET', '/api/area/all', auth)).json().data.areas[0];
    expect(all).toMatchObject({ seatCount: 3, availableSeats: 2 });
    await call('PUT', `/api/area/${area.id}`, auth, { area_name: 'A Block', total_seats: 40, status: 'maintenance' });
    const closed = (await call('GET', `/api/area/${area.id}`, auth)).json().data;
    expect(closed).toMatchObject({ status: 'maintenance', seatCount: 3, availableSeats: 0 });
  });
});

describe('GET /api/area/all and /api/area/{id}', () => {
  it('answers every area by name for the dropdowns', async () => {
    const { auth } = await registerLibrary(t.app);
    for (let index = 0; index < 12; index += 1) await createArea(auth, { area_name: `Zone ${index}` });
    const response = await call('GET', '/api/area/all', auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.areas).toHaveLength(12);
    expect(response.json().data).not.toHaveProperty('pagination');
  });

  it('answers one area, 404 for an unknown id and 400 for a malformed one', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, { area_name: 'Reading Room', location: 'Annexe' });
    const found = await call('GET', `/api/area/${area.id}`, auth);
    expect(found.json()).toMatchObject({
      status: true,
      data: { id: area.id, name: 'Reading Room', location: 'Annexe' },
    });
    const missing = await call('GET', '/api/area/00000000-0000-4000-8000-000000000000', auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, code: 404, message: m.notFound });
    for (const bad of ['not-a-uuid', "1'%20or%201=1", '12345', 'x'.repeat(150)]) {
      const response = await call('GET', `/api/area/${bad}`, auth);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ status: false, code: 400, message: m.invalidId });
    }
  });
});

describe('PUT /api/area/{id}', () => {
  it('updates the area and keeps the location when it is left out', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, { area_name: 'Hall', location: 'Basement' });
    const response = await call('PUT', `/api/area/${area.id}`, auth, {
      area_name: 'Main Hall',
      total_seats: 25,
      status: 'inactive',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: m.updated,
      data: { name: 'Main Hall', total_seats: 25, status: 'inactive', location: 'Basement' },
    });
    const cleared = await call('PUT', `/api/area/${area.id}`, auth, {
      area_name: 'Main Hall',
      total_seats: 25,
      status: 'active',
      location: '',
    });
    expect(cleared.json().data.location).toBeNull();
  });

  it('refuses a name another area of the library has, but not its own in another case', async () => {
    const { auth } = await registerLibrary(t.app);
    await createArea(auth, { area_name: 'North' });
    const south = await createArea(auth, { area_name: 'South' });
    const clash = await call('PUT', `/api/area/${south.id}`, auth, {
      area_name: 'NORTH',
      total_seats: 10,
      status: 'active',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: m.nameTaken, errors: [{ field: 'area_name' }] });
    const recased = await call('PUT', `/api/area/${south.id}`, auth, {
      area_name: 'SOUTH',
      total_seats: 10,
      status: 'active',
    });
    expect(recased.statusCode).toBe(200);
  });

  it('refuses to shrink Total Seats below the seats the area has', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth, { area_name: 'A Block', total_seats: 5 });
    await addSeat(auth, area.id, 'A1');
    await addSeat(auth, area.id, 'A2');
    await addSeat(auth, area.id, 'A3');
    const shrink = await call('PUT', `/api/area/${area.id}`, auth, {
      area_name: 'A Block',
      total_seats: 2,
      status: 'active',
    });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json()).toMatchObject({
      code: 409,
      message: m.shrinkBelowSeats(3),
      errors: [{ field: 'total_seats' }],
    });
    const exact = await call('PUT', `/api/area/${area.id}`, auth, {
      area_name: 'A Block',
      total_seats: 3,
      status: 'active',
    });
    expect(exact.statusCode).toBe(200);
  });

  it('validates the body like the form', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth);
    const response = await call('PUT', `/api/area/${area.id}`, auth, {
      area_name: 'A',
      total_seats: 2.5,
      status: 'active',
    });
    expect(response.json()).toMatchObject({ code: 400, message: m.totalSeatsWhole });
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/api/area/${area.id}`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"area_name":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/area/{id}', () => {
  it('deletes an empty area', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth);
    const response = await call('DELETE', `/api/area/${area.id}`, auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: m.deleted, data: null });
    expect((await call('GET', `/api/area/${area.id}`, auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/area/${area.id}`, auth)).statusCode).toBe(404);
  });

  it('refuses to delete an area that has seats, saying what to do', async () => {
    const { auth } = await registerLibrary(t.app);
    const area = await createArea(auth);
    await addSeat(auth, area.id, 'S1');
    await addSeat(auth, area.id, 'S2');
    const response = await call('DELETE', `/api/area/${area.id}`, auth);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ status: false, code: 409, message: m.hasSeats(2) });
    expect(response.json().message).toContain("Delete or move this area's seats first");
    expect((await call('GET', `/api/area/${area.id}`, auth)).statusCode).toBe(200);
  });
});

describe("another library's areas", () => {
  it('answer 404 on every call and change nothing', async () => {
    const owner = await registerLibrary(t.app);
    const intruder = await registerLibrary(t.app);
    const area = await createArea(owner.auth, { area_name: 'Private Hall', total_seats: 10, location: 'Top' });
    const body = { area_name: 'Taken Over', total_seats: 1, status: 'inactive' };
    const attempts = [
      call('GET', `/api/area/${area.id}`, intruder.auth),
      call('PUT', `/api/area/${area.id}`, intruder.auth, body),
      call('DELETE', `/api/area/${area.id}`, intruder.auth),
      call('POST', `/api/area/${area.id}/generate-seats`, intruder.auth),
      call('GET', `/api/seat/${area.id}`, intruder.auth),
      call('GET', `/api/seat?areaId=${area.id}`, intruder.auth),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: false, code: 404 });
    }
    expect((await call('GET', '/api/area', intruder.auth)).json().data.areas).toEqual([]);
    expect((await call('GET', '/api/area/all', intruder.auth)).json().data.areas).toEqual([]);
    expect((await call('GET', '/api/area?search=Private', intruder.auth)).json().data.areas).toEqual([]);
    const after = (await call('GET', `/api/area/${area.id}`, owner.auth)).json().data;
    expect(after).toMatchObject({
      name: 'Private Hall',
      total_seats: 10,
      status: 'active',
      location: 'Top',
      seatCount: 0,
    });
  });
});
