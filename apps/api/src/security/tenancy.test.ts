import { todayIn } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { studentFields, studentForm, threeImages } from '../modules/students/students.fixtures';
import { registerLibrary, useTestApp } from '../test/helpers';
import { subscriptionBody } from '../test/bookings';
import { PUBLIC_ROUTES } from '../test/public-routes';

/**
 * The tenancy matrix (issue 8): every API route, taken from the app's own route
 * table, is called by one library with the ids of another's records. Reads must not
 * show them, writes must answer 404, and the owner's rows must be unchanged after.
 * A route this file knows nothing about fails the test until it is described here.
 */

// Routes that are not the tenant's: public, or served from the schema alone.
const PUBLIC = new Set<string>([...PUBLIC_ROUTES, 'GET /api/docs/json', 'GET /api/docs/yaml']);
// Routes that only act on the caller's own session or create new rows of the caller's own.
const OWN_ONLY = new Set([
  'POST /api/auth/logout',
  'GET /api/auth/me',
  'PUT /api/admin/update-admin-profile',
  'POST /api/user',
  'POST /api/area',
  'POST /api/admin/sendFCMNotificationToAllUsers',
]);

const TENANT_TABLES = [
  'students',
  'areas',
  'seats',
  'subscriptions',
  'fees',
  'admins',
  'audit_log',
  'notifications',
  'student_devices',
  'student_pairing_codes',
  'due_reminders',
  'library_settings',
  'price_list',
  'subscription_charges',
  'receipt_counters',
];

const t = useTestApp();
const owner: Record<string, string> = {};
let ownerAuth: Record<string, string>;
let intruderAuth: Record<string, string>;
let ownerLibraryId: string;

async function snapshot(): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of TENANT_TABLES) {
    const exists = await t.pool.query(`select to_regclass($1) as name`, [table]);
    if (!exists.rows[0].name) continue;
    // The audit log may grow with the owner's own reads; the intruder must never add to it.
    const rows = await t.pool.query(`select * from ${table} where library_id = $1 order by 1`, [ownerLibraryId]);
    result[table] = rows.rows;
  }
  return result;
}

beforeAll(async () => {
  const a = await registerLibrary(t.app);
  const b = await registerLibrary(t.app);
  ownerAuth = a.auth;
  intruderAuth = b.auth;
  ownerLibraryId = a.session.library.id;

  const fields = studentFields();
  const student = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: ownerAuth,
    payload: studentForm(fields, await threeImages()),
  });
  expect(student.statusCode, student.body).toBe(201);
  owner.studentId = student.json().data.id;
  owner.mobile = fields.mobile!;
  const area = await t.app.inject({
    method: 'POST',
    url: '/api/area',
    headers: ownerAuth,
    payload: { area_name: 'Hall A', total_seats: 3, status: 'active' },
  });
  owner.areaId = area.json().data.id;
  await t.app.inject({ method: 'POST', url: `/api/area/${owner.areaId}/generate-seats`, headers: ownerAuth });
  const seats = await t.app.inject({ url: `/api/seat/${owner.areaId}`, headers: ownerAuth });
  owner.seatId = seats.json().data[0].id;
  const subscription = await t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: ownerAuth,
    payload: subscriptionBody(owner.studentId!, { seatId: owner.seatId, fee: 1500, mode: 'UPI' }),
  });
  expect(subscription.statusCode, subscription.body).toBe(201);
  owner.subscriptionId = subscription.json().data.id;
  // A price above what was paid: the owner's subscription is a due (unpaid), which the intruder must not reach.
  await t.pool.query(
    `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price)
     values ($1, $2, $3, 'renewal', 1, 500)`,
    [ownerLibraryId, owner.subscriptionId, owner.studentId],
  );
  const settings = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: ownerAuth,
    payload: ownerSettings,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const detail = await t.app.inject({ url: `/api/user/${owner.studentId}`, headers: ownerAuth });
  owner.profileUrl = detail.json().data.profile;
  const devices = await t.pool.query(`select to_regclass('student_devices') as name`);
  if (devices.rows[0].name) {
    const device = await t.pool.query(
      `insert into student_devices (library_id, student_id, fcm_token, platform) values ($1, $2, 'owner-device-token', 'android') returning id`,
      [ownerLibraryId, owner.studentId],
    );
    owner.deviceId = device.rows[0].id;
  }
});

// The owner's settings and price list; the intruder saving its own must leave them as they are.
const ownerSettings = {
  upi_id: 'owner.library@okaxis',
  upi_payee_name: 'Owner Library',
  dues_expiring_days: 3,
  dues_grace_days: 2,
  reminder_template: 'Hello {name}, {amount} is due.',
  auto_push_reminders: true,
  price_list: [{ duration: 1, is_reserved: true, window_hours: null, price: 777 }],
};

type Expectation = 'not-found' | 'no-leak' | 'refused';

/** How the intruder calls each route with the owner's ids, and what it may answer. */
function callFor(
  method: string,
  url: string,
): { url: string; payload?: unknown; multipart?: boolean; expect: Expectation } | undefined {
  const id = (value: string | undefined) => value ?? '00000000-0000-4000-8000-000000000000';
  const table: Record<string, { url: string; payload?: unknown; multipart?: boolean; expect: Expectation }> = {
    'GET /api/user': { url, expect: 'no-leak' },
    'GET /api/user/mobile/:mobile': { url: `/api/user/mobile/${owner.mobile}`, expect: 'not-found' },
    'GET /api/user/:id': { url: `/api/user/${owner.studentId}`, expect: 'not-found' },
    'PUT /api/user/:id': { url: `/api/user/${owner.studentId}`, multipart: true, expect: 'not-found' },
    'PATCH /api/user/:id/kyc': {
      url: `/api/user/${owner.studentId}/kyc`,
      payload: { kyc_status: 'verified' },
      expect: 'not-found',
    },
    'POST /api/user/:id/pairing-code': { url: `/api/user/${owner.studentId}/pairing-code`, expect: 'not-found' },
    'GET /api/user/:id/devices': { url: `/api/user/${owner.studentId}/devices`, expect: 'not-found' },
    'DELETE /api/user/:id/devices/:deviceId': {
      url: `/api/user/${owner.studentId}/devices/${id(owner.deviceId)}`,
      expect: 'not-found',
    },
    // A signed link is a capability for minutes (an <img> sends no bearer token); without
    // the owner's signature the intruder gets nothing.
    'GET /api/files/*': { url: new URL(owner.profileUrl ?? '/api/files/x', 'http://x').pathname, expect: 'refused' },
    'GET /api/area': { url, expect: 'no-leak' },
    'GET /api/area/all': { url, expect: 'no-leak' },
    'GET /api/area/:id': { url: `/api/area/${owner.areaId}`, expect: 'not-found' },
    'PUT /api/area/:id': {
      url: `/api/area/${owner.areaId}`,
      payload: { area_name: 'Taken', total_seats: 9, status: 'inactive' },
      expect: 'not-found',
    },
    'DELETE /api/area/:id': { url: `/api/area/${owner.areaId}`, expect: 'not-found' },
    'POST /api/area/:id/generate-seats': { url: `/api/area/${owner.areaId}/generate-seats`, expect: 'not-found' },
    'GET /api/seat': { url: `/api/seat?areaId=${owner.areaId}`, expect: 'not-found' },
    'GET /api/seat/:areaId': { url: `/api/seat/${owner.areaId}`, expect: 'not-found' },
    'POST /api/seat': { url, payload: { name: 'Z9', area_id: owner.areaId, status: 'active' }, expect: 'not-found' },
    'PUT /api/seat/:id': {
      url: `/api/seat/${owner.seatId}`,
      payload: { name: 'Z9', area_id: owner.areaId, status: 'inactive' },
      expect: 'not-found',
    },
    'DELETE /api/seat/:id': { url: `/api/seat/${owner.seatId}`, expect: 'not-found' },
    'GET /api/subscription': { url, expect: 'no-leak' },
    'GET /api/subscription/available': {
      url: `/api/subscription/available?joining_date=${todayIn('Asia/Kolkata')}&start_time=06:00&end_time=14:00`,
      expect: 'no-leak',
    },
    'POST /api/subscription': {
      url,
      payload: {
        student_id: owner.studentId,
        joining_date: todayIn('Asia/Kolkata'),
        start_time: '06:00',
        end_time: '08:00',
        duration: 1,
        is_reserved: true,
        seat_id: owner.seatId,
        fee: 1,
        mode: 'Cash',
      },
      expect: 'not-found',
    },
    'GET /api/subscription/:id': { url: `/api/subscription/${owner.subscriptionId}`, expect: 'not-found' },
    'PUT /api/subscription/:id': {
      url: `/api/subscription/${owner.subscriptionId}`,
      payload: { start_time: '01:00', end_time: '02:00', is_reserved: false },
      expect: 'not-found',
    },
    'PUT /api/subscription/renew/:id': {
      url: `/api/subscription/renew/${owner.subscriptionId}`,
      payload: { duration: 1, fee: 1, mode: 'Cash' },
      expect: 'not-found',
    },
    'GET /api/fee': { url, expect: 'no-leak' },
    'GET /api/fee/export': { url, expect: 'no-leak' },
    'GET /api/dashboard/:period': { url: '/api/dashboard/lifetime', expect: 'no-leak' },
    'GET /api/admin/notifications': { url, expect: 'no-leak' },
    'GET /api/admin/audit-log': { url, expect: 'no-leak' },
    'GET /api/dues': { url: `${url}?group=unpaid`, expect: 'no-leak' },
    'GET /api/dues/export': { url: `${url}?group=unpaid`, expect: 'no-leak' },
    'GET /api/dues/summary': { url, expect: 'no-leak' },
    'POST /api/dues/:subscriptionId/reminders': {
      url: `/api/dues/${owner.subscriptionId}/reminders`,
      payload: { group: 'unpaid', channel: 'whatsapp' },
      expect: 'not-found',
    },
    'POST /api/subscription/:id/payments': {
      url: `/api/subscription/${owner.subscriptionId}/payments`,
      payload: { amount: 100, mode: 'Cash' },
      expect: 'not-found',
    },
    'GET /api/subscription/:id/payments': {
      url: `/api/subscription/${owner.subscriptionId}/payments`,
      expect: 'not-found',
    },
    'GET /api/day-book': { url, expect: 'no-leak' },
    'GET /api/day-book/export': { url, expect: 'no-leak' },
    'GET /api/settings': { url, expect: 'no-leak' },
    // Saves the intruder's own settings: the owner's (and their price list) stay as they were.
    'PUT /api/settings': { url, payload: { ...ownerSettings, upi_id: 'intruder@okaxis' }, expect: 'no-leak' },
  };
  return table[`${method} ${url}`];
}

describe('tenant isolation, route by route', () => {
  it('lets no library read or change another library’s records through any route', async () => {
    const before = await snapshot();
    const routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.method !== 'HEAD' &&
        !route.url.startsWith('/api/docs/static') &&
        route.url !== '/api/docs',
    );
    expect(routes.length).toBeGreaterThan(30);
    const unknown: string[] = [];
    const ownerIds = Object.values(owner).filter((value) => /^[0-9a-f-]{36}$/.test(value));
    let checked = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC.has(key) || OWN_ONLY.has(key)) continue;
      const call = callFor(route.method, route.url);
      if (!call) {
        unknown.push(key);
        continue;
      }
      const payload = call.multipart ? studentForm(studentFields()) : call.payload;
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: call.url,
        headers: intruderAuth,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      checked += 1;
      expect(
        response.statusCode,
        `${key} answered ${response.statusCode}: ${response.body.slice(0, 200)}`,
      ).toBeLessThan(500);
      if (call.expect === 'not-found') {
        expect(response.statusCode, `${key}: ${response.body.slice(0, 200)}`).toBe(404);
      } else if (call.expect === 'refused') {
        expect([401, 403, 404], `${key}: ${response.statusCode}`).toContain(response.statusCode);
      } else {
        expect(response.statusCode, `${key}: ${response.body.slice(0, 200)}`).toBe(200);
      }
      for (const ownerId of ownerIds) {
        expect(response.body.includes(ownerId), `${key} leaked ${ownerId}`).toBe(false);
      }
      expect(response.body.includes(owner.mobile!), `${key} leaked the owner's student mobile`).toBe(false);
    }
    expect(unknown, 'routes the tenancy matrix does not describe yet').toEqual([]);
    expect(checked).toBeGreaterThan(25);
    expect(await snapshot()).toEqual(before);
  });
});
