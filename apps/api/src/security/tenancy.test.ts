import { messages, todayIn } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { studentFields, studentForm, threeImages } from '../modules/students/students.fixtures';
import { registerLibrary, useTestApp } from '../test/helpers';
import { subscriptionBody } from '../test/bookings';
import { PUBLIC_ROUTES, SHARED_RECEIPT_ROUTES } from '../test/public-routes';
import { signInStudent } from '../test/student-app';

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
  'POST /api/expenses',
  'POST /api/expenses/recurring',
  // Issue 16: an invitation or a person of the caller's own team; the caller's own password.
  'POST /api/team/invitations',
  'POST /api/team/people',
  'POST /api/auth/change-password',
  // Issue 20: the caller's own language, kept on their own row.
  'PUT /api/auth/language',
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
  'expenses',
  'recurring_expenses',
  'receipt_links',
  'student_sessions',
  'notification_recipients',
  'student_id_cards',
  'attendance_visits',
  'invitations',
  'storage_deletions',
];

const t = useTestApp();
const owner: Record<string, string> = {};
let ownerAuth: Record<string, string>;
let intruderAuth: Record<string, string>;
// Issue 15: a student of the owner's library signed in to the student app, and one of the intruder's.
let ownerStudentAuth: Record<string, string>;
let intruderStudentAuth: Record<string, string>;
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
  const account = await t.app.inject({ url: `/api/subscription/${owner.subscriptionId}/payments`, headers: ownerAuth });
  owner.paymentId = account.json().data.payments[0].id;
  // A live share link of the owner's receipt: the intruder can neither revoke it nor make another.
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/receipts/${owner.paymentId}/links`,
    headers: ownerAuth,
  });
  expect(link.statusCode, link.body).toBe(201);
  owner.sharedPath = new URL(link.json().data.url).pathname;
  const expenses = [
    ['expenseId', '/api/expenses', ownerExpense],
    ['recurringId', '/api/expenses/recurring', ownerRecurring],
  ] as const;
  for (const [key, url, payload] of expenses) {
    const created = await t.app.inject({ method: 'POST', url, headers: ownerAuth, payload });
    expect(created.statusCode, created.body).toBe(201);
    owner[key] = created.json().data.id;
  }
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
  // Issue 15: the owner's student holds a printed ID card and came in today.
  const card = await t.app.inject({ method: 'POST', url: `/api/user/${owner.studentId}/id-card`, headers: ownerAuth });
  expect(card.statusCode, card.body).toBe(201);
  owner.cardId = card.json().data.id;
  const visit = await t.pool.query(
    `insert into attendance_visits (library_id, student_id, subscription_id, day, method)
     values ($1, $2, $3, $4, 'mobile') returning id`,
    [ownerLibraryId, owner.studentId, owner.subscriptionId, todayIn('Asia/Kolkata')],
  );
  owner.visitId = visit.rows[0].id;
  // Issue 16: the owner's team has a desk person and an open invitation.
  owner.ownerAdminId = a.session.id;
  const desk = await t.pool.query(
    `insert into admins (library_id, name, email, phone, password_hash, role)
     values ($1, 'Desk Person', $2, '9876501234', 'x', 'desk') returning id`,
    [ownerLibraryId, `desk-${a.session.id}@example.com`],
  );
  owner.deskAdminId = desk.rows[0].id;
  const invitation = await t.pool.query(
    `insert into invitations (library_id, email, name, role, token_hash, expires_at)
     values ($1, $2, 'Invited', 'desk', $3, now() + interval '1 day') returning id`,
    [ownerLibraryId, `invited-${a.session.id}@example.com`, `hash-${a.session.id}`],
  );
  owner.invitationId = invitation.rows[0].id;
  const ownerStudent = await signInStudent(t.app, ownerAuth, owner.studentId!);
  owner.studentSessionId = ownerStudent.session_id;
  ownerStudentAuth = ownerStudent.auth;
  const intruderStudent = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: intruderAuth,
    payload: studentForm(studentFields(), await threeImages()),
  });
  expect(intruderStudent.statusCode, intruderStudent.body).toBe(201);
  intruderStudentAuth = (await signInStudent(t.app, intruderAuth, intruderStudent.json().data.id)).auth;
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

// The owner's expense and monthly expense (issue 14), whose bodies the intruder sends back changed.
const ownerExpense = {
  date: todayIn('Asia/Kolkata'),
  category: 'rent',
  amount: 12000,
  mode: 'Cash',
  note: 'Owner rent',
};
const ownerRecurring = {
  category: 'internet',
  amount: 999,
  mode: 'UPI',
  day_of_month: 1,
  start_month: todayIn('Asia/Kolkata').slice(0, 7),
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
    'DELETE /api/user/:id/sessions/:sessionId': {
      url: `/api/user/${owner.studentId}/sessions/${id(owner.studentSessionId)}`,
      expect: 'not-found',
    },
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
    // Issue 14: corrections of the owner's payment, the owner's expenses and profit.
    'POST /api/payments/:id/void': {
      url: `/api/payments/${owner.paymentId}/void`,
      payload: { reason: 'Not theirs' },
      expect: 'not-found',
    },
    'POST /api/payments/:id/adjustments': {
      url: `/api/payments/${owner.paymentId}/adjustments`,
      payload: { direction: 'refund', amount: 100, mode: 'Cash', reason: 'Not theirs' },
      expect: 'not-found',
    },
    'GET /api/expenses': { url: `${url}?month=${ownerExpense.date.slice(0, 7)}`, expect: 'no-leak' },
    'PUT /api/expenses/:id': {
      url: `/api/expenses/${owner.expenseId}`,
      payload: { ...ownerExpense, amount: 1 },
      expect: 'not-found',
    },
    'DELETE /api/expenses/:id': { url: `/api/expenses/${owner.expenseId}`, expect: 'not-found' },
    'PUT /api/expenses/recurring/:id': {
      url: `/api/expenses/recurring/${owner.recurringId}`,
      payload: { ...ownerRecurring, amount: 1 },
      expect: 'not-found',
    },
    'DELETE /api/expenses/recurring/:id': { url: `/api/expenses/recurring/${owner.recurringId}`, expect: 'not-found' },
    // Issue 14: the owner's receipt, its page, its PDF and its share links.
    'GET /api/receipts/:paymentId': { url: `/api/receipts/${owner.paymentId}`, expect: 'not-found' },
    'GET /api/receipts/:paymentId/view': { url: `/api/receipts/${owner.paymentId}/view`, expect: 'not-found' },
    'GET /api/receipts/:paymentId/pdf': { url: `/api/receipts/${owner.paymentId}/pdf?paper=80mm`, expect: 'not-found' },
    'POST /api/receipts/:paymentId/links': { url: `/api/receipts/${owner.paymentId}/links`, expect: 'not-found' },
    'DELETE /api/receipts/:paymentId/links': { url: `/api/receipts/${owner.paymentId}/links`, expect: 'not-found' },
    'GET /api/profit': { url, expect: 'no-leak' },
    'GET /api/profit/export': { url, expect: 'no-leak' },
    // Issue 15: the desk with the owner's student's mobile (no student of the intruder's), the
    // attendance lists (the owner's visit never shows), the owner's student's history and ID card.
    'POST /api/attendance/check': { url, payload: { mobile: owner.mobile }, expect: 'no-leak' },
    'GET /api/attendance/day': { url, expect: 'no-leak' },
    'GET /api/attendance/day/export': { url, expect: 'no-leak' },
    'GET /api/attendance/inside': { url, expect: 'no-leak' },
    'GET /api/attendance/student/:id': { url: `/api/attendance/student/${owner.studentId}`, expect: 'not-found' },
    'GET /api/attendance/monthly': { url, expect: 'no-leak' },
    'GET /api/attendance/monthly/export': { url, expect: 'no-leak' },
    'GET /api/attendance/not-seen': { url: `${url}?days=1`, expect: 'no-leak' },
    'GET /api/attendance/not-seen/export': { url: `${url}?days=1`, expect: 'no-leak' },
    // Issue 16: the Aadhaar reveal (owners and managers) of another library's student.
    'GET /api/user/:id/identity': { url: `/api/user/${owner.studentId}/identity`, expect: 'not-found' },
    'POST /api/user/:id/id-card': { url: `/api/user/${owner.studentId}/id-card`, expect: 'not-found' },
    'GET /api/user/:id/id-card': { url: `/api/user/${owner.studentId}/id-card`, expect: 'not-found' },
    'DELETE /api/user/:id/id-card': { url: `/api/user/${owner.studentId}/id-card`, expect: 'not-found' },
    // Issue 19: erasing another library's student's documents, or downloading their data.
    'POST /api/user/:id/erase': { url: `/api/user/${owner.studentId}/erase`, expect: 'not-found' },
    'POST /api/user/:id/leave': { url: `/api/user/${owner.studentId}/leave`, expect: 'not-found' },
    'POST /api/user/:id/rejoin': { url: `/api/user/${owner.studentId}/rejoin`, expect: 'not-found' },
    'GET /api/user/:id/export': { url: `/api/user/${owner.studentId}/export?format=html`, expect: 'not-found' },
    // Issue 16: the team (the intruder is its own library's owner): the owner's people and invitation unknown.
    'GET /api/team': { url, expect: 'no-leak' },
    'GET /api/team/activity': { url, expect: 'no-leak' },
    'PATCH /api/team/people/:id': {
      url: `/api/team/people/${owner.deskAdminId}`,
      payload: { role: 'owner' },
      expect: 'not-found',
    },
    'POST /api/team/people/:id/deactivate': {
      url: `/api/team/people/${owner.ownerAdminId}/deactivate`,
      expect: 'not-found',
    },
    'POST /api/team/people/:id/reactivate': {
      url: `/api/team/people/${owner.deskAdminId}/reactivate`,
      expect: 'not-found',
    },
    'POST /api/team/invitations/:id/resend': {
      url: `/api/team/invitations/${owner.invitationId}/resend`,
      expect: 'not-found',
    },
    'DELETE /api/team/invitations/:id': { url: `/api/team/invitations/${owner.invitationId}`, expect: 'not-found' },
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
      // The student app's routes take no admin token at all: the student-token column below.
      if (PUBLIC.has(key) || OWN_ONLY.has(key) || route.studentGuard) continue;
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

/** Every /api route but the docs, as the route table has it. */
const apiRoutes = () =>
  t.app.routeTable.filter(
    (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/docs'),
  );

/** A route's URL with the owner's ids where the matrix has them, else placeholder ids. */
function urlFor(method: string, url: string) {
  return callFor(method, url)?.url ?? url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

describe('the student-token column (issue 15)', () => {
  it('every /api/student route but sign-in declares the student guard in its own onRequest', () => {
    const studentRoutes = apiRoutes().filter((route) => route.url.startsWith('/api/student'));
    expect(studentRoutes.length).toBeGreaterThanOrEqual(8);
    const unguarded = studentRoutes
      .filter((route) => !route.studentGuard)
      .map((route) => `${route.method} ${route.url}`);
    expect(unguarded).toEqual(['POST /api/student/session']);
    const elsewhere = apiRoutes()
      .filter((route) => route.studentGuard && !route.url.startsWith('/api/student'))
      .map((route) => `${route.method} ${route.url}`);
    expect(elsewhere, 'student-guarded routes outside /api/student').toEqual([]);
  });

  it("refuses a student token on every admin route (even its own library's) with 401, changing nothing", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    let checked = 0;
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC.has(key) || route.studentGuard) continue;
      const call = callFor(route.method, route.url);
      const payload = call?.multipart ? studentForm(studentFields()) : (call?.payload ?? {});
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: urlFor(route.method, route.url),
        headers: ownerStudentAuth,
        ...(route.method === 'GET' ? {} : { payload: payload as object }),
      });
      checked += 1;
      const json = String(response.headers['content-type']).includes('json') ? response.json() : undefined;
      // A signed link (GET /api/files/*) takes no bearer token at all: without the owner's signature, refused.
      const refused =
        call?.expect === 'refused'
          ? [401, 403].includes(response.statusCode)
          : response.statusCode === 401 && json?.message === messages.auth.invalidToken;
      if (!refused) {
        wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an admin token on every student route with 401, while the student token is let in', async () => {
    const before = await snapshot();
    const studentRoutes = apiRoutes().filter((route) => route.studentGuard);
    for (const headers of [ownerAuth, intruderAuth]) {
      for (const route of studentRoutes) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: urlFor(route.method, route.url),
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json()).toMatchObject({ status: false, code: 401, message: messages.auth.invalidToken });
      }
    }
    expect(await snapshot()).toEqual(before);
    // The same calls with the student's token pass the guard (so the refusals above are the guard's).
    for (const route of studentRoutes.filter((candidate) => candidate.method === 'GET')) {
      const response = await t.app.inject({ url: urlFor(route.method, route.url), headers: ownerStudentAuth });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(200);
    }
  });

  it("shows another library's student nothing of the owner's through any student route", async () => {
    const before = await snapshot();
    const ownerIds = Object.values(owner).filter((value) => /^[0-9a-f-]{36}$/.test(value));
    for (const route of apiRoutes().filter((candidate) => candidate.studentGuard)) {
      const key = `${route.method} ${route.url}`;
      // Signing the intruder's own phone out is not about the owner's data.
      if (key === 'DELETE /api/student/session') continue;
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: urlFor(route.method, route.url).replace(':id', owner.studentId!),
        headers: intruderStudentAuth,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${key}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      for (const ownerId of ownerIds) expect(response.body.includes(ownerId), `${key} leaked ${ownerId}`).toBe(false);
      expect(response.body.includes(owner.mobile!), `${key} leaked the owner's student mobile`).toBe(false);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('shared receipts (/r/*), public on purpose', () => {
  it('are the routes listed as such, and a link opens its one receipt to anyone', async () => {
    const shared = t.app.routeTable
      .filter((route) => (route.url === '/r' || route.url.startsWith('/r/')) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(shared.sort()).toEqual([...SHARED_RECEIPT_ROUTES].sort());
    const before = await snapshot();
    // No session is needed (the token is the capability), and the intruder's session changes nothing.
    for (const headers of [{}, intruderAuth]) {
      const page = await t.app.inject({ url: owner.sharedPath!, headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(owner.mobile!);
      // Nothing appended to the token reaches another record of the owner.
      for (const suffix of [`/${owner.subscriptionId}`, `/pdf/${owner.paymentId}`, `/../${owner.studentId}`]) {
        const other = await t.app.inject({ url: `${owner.sharedPath}${suffix}`, headers });
        expect(other.statusCode, suffix).toBe(404);
        expect(other.body.includes(owner.mobile!), suffix).toBe(false);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
