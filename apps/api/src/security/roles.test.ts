import { ROLES, messages, rolesWith, type Ability, type Role } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords';
import { createUrlSigner, FILE_URL_BASE_PATH, FILE_URL_TTL_SECONDS } from '../lib/storage/signed-urls';
import { subscriptionBody } from '../test/bookings';
import { insertArea, insertSeat, insertStudent } from '../test/factories';
import {
  createStudentViaApi,
  studentFields,
  threeImages,
  updateStudentViaApi,
} from '../modules/students/students.fixtures';
import { registerLibrary, unique, useTestApp } from '../test/helpers';
import { PUBLIC_ROUTES, SHARED_RECEIPT_ROUTES } from '../test/public-routes';

/**
 * The role matrix (issue 16): every API route, taken from the app's own route table, must
 * declare who may call it, and each role is refused (403, in the envelope, before the body
 * is read) exactly where this table says and nowhere else. The expected ability of each route
 * is written out here, apart from the routes' own declarations, so a route that widens or
 * narrows its roles fails until this table agrees. A route this file does not know fails too.
 */

// Not an admin route: public, the docs, a signed file link, or a shared receipt.
const NOT_ADMIN = new Set<string>([
  ...PUBLIC_ROUTES,
  ...SHARED_RECEIPT_ROUTES,
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/files/*',
]);

const EXPECTED: Record<string, Ability> = {
  'POST /api/auth/logout': 'staff',
  'GET /api/auth/me': 'staff',
  'POST /api/auth/change-password': 'staff',
  'PUT /api/admin/update-admin-profile': 'staff',
  // Issue 20: everyone keeps their own language.
  'PUT /api/auth/language': 'staff',
  // Students: the desk adds and edits; the Aadhaar reveal and KYC review are not the desk's.
  'GET /api/user': 'staff',
  'GET /api/user/mobile/:mobile': 'staff',
  'GET /api/user/:id': 'staff',
  'GET /api/user/:id/identity': 'students.identity',
  'POST /api/user': 'staff',
  'PUT /api/user/:id': 'staff',
  'PATCH /api/user/:id/kyc': 'students.identity',
  // Issue 19: erasing identity documents is a delete; a student's data is an export.
  'POST /api/user/:id/erase': 'deletes',
  // Issue 19: the desk marks a student as left or returned.
  'POST /api/user/:id/leave': 'staff',
  'POST /api/user/:id/rejoin': 'staff',
  'GET /api/user/:id/export': 'exports',
  // Areas and seats: the desk reads them to book; setting them up is a manager's.
  'GET /api/area': 'staff',
  'GET /api/area/all': 'staff',
  'GET /api/area/:id': 'staff',
  'POST /api/area': 'manage',
  'PUT /api/area/:id': 'manage',
  'DELETE /api/area/:id': 'deletes',
  'GET /api/seat': 'staff',
  'GET /api/seat/:areaId': 'staff',
  'POST /api/seat': 'manage',
  'PUT /api/seat/:id': 'manage',
  'DELETE /api/seat/:id': 'deletes',
  'POST /api/area/:id/generate-seats': 'manage',
  // Subscriptions: the desk creates and renews; editing one is a manager's.
  'GET /api/subscription': 'staff',
  'GET /api/subscription/available': 'staff',
  'POST /api/subscription': 'staff',
  'GET /api/subscription/:id': 'staff',
  'PUT /api/subscription/:id': 'manage',
  'PUT /api/subscription/renew/:id': 'staff',
  // Payments and receipts: the desk's; voids and corrections are not.
  'POST /api/subscription/:id/payments': 'staff',
  'GET /api/subscription/:id/payments': 'staff',
  'POST /api/payments/:id/void': 'deletes',
  'POST /api/payments/:id/adjustments': 'manage',
  'GET /api/day-book': 'staff',
  'GET /api/day-book/export': 'exports',
  'GET /api/receipts/:paymentId': 'staff',
  'GET /api/receipts/:paymentId/view': 'staff',
  'GET /api/receipts/:paymentId/pdf': 'staff',
  'POST /api/receipts/:paymentId/links': 'staff',
  'DELETE /api/receipts/:paymentId/links': 'deletes',
  'GET /api/fee': 'staff',
  'GET /api/fee/export': 'exports',
  'GET /api/dues': 'staff',
  'GET /api/dues/summary': 'staff',
  'GET /api/dues/export': 'exports',
  'POST /api/dues/:subscriptionId/reminders': 'staff',
  'GET /api/dashboard/:period': 'staff',
  // Notifications: the list is anyone's; a notification to everyone is not the desk's.
  'POST /api/admin/sendFCMNotificationToAllUsers': 'notifications.send',
  'GET /api/admin/notifications': 'staff',
  'POST /api/user/:id/pairing-code': 'staff',
  'GET /api/user/:id/devices': 'staff',
  'DELETE /api/user/:id/sessions/:sessionId': 'deletes',
  'DELETE /api/user/:id/devices/:deviceId': 'deletes',
  // Check-in and attendance (issue 15): the desk's, but for exports and revoking a card.
  'POST /api/attendance/check': 'staff',
  'GET /api/attendance/day': 'staff',
  'GET /api/attendance/day/export': 'exports',
  'GET /api/attendance/inside': 'staff',
  'GET /api/attendance/student/:id': 'staff',
  'GET /api/attendance/monthly': 'staff',
  'GET /api/attendance/monthly/export': 'exports',
  'GET /api/attendance/not-seen': 'staff',
  'GET /api/attendance/not-seen/export': 'exports',
  'POST /api/user/:id/id-card': 'staff',
  'GET /api/user/:id/id-card': 'staff',
  'DELETE /api/user/:id/id-card': 'deletes',
  // The business beyond the desk.
  'GET /api/expenses': 'manage',
  'POST /api/expenses': 'manage',
  'PUT /api/expenses/:id': 'manage',
  'DELETE /api/expenses/:id': 'deletes',
  'POST /api/expenses/recurring': 'manage',
  'PUT /api/expenses/recurring/:id': 'manage',
  'DELETE /api/expenses/recurring/:id': 'deletes',
  'GET /api/profit': 'manage',
  'GET /api/profit/export': 'exports',
  'GET /api/admin/audit-log': 'manage',
  // The owner's: settings (read by everyone, for the price list) and the team.
  'GET /api/settings': 'staff',
  'PUT /api/settings': 'settings',
};

/** The ability a route should require; every `/api/team` route is the owner's. */
function expectedAbility(key: string): Ability | undefined {
  if (/^[A-Z]+ \/api\/team(\/|$)/.test(key)) return 'team';
  return EXPECTED[key];
}

const t = useTestApp();
const auth = {} as Record<Role, Record<string, string>>;
const adminIds = {} as Record<Role, string>;
let libraryId: string;
let ownerPassword: string;
const password = 'correct horse battery';

/** Adds a person of the library with this role, as the team module would, and signs them in. */
async function addPerson(role: Role, name: string): Promise<{ id: string; email: string }> {
  const email = `${role}-${unique()}@example.com`;
  const inserted = await t.pool.query(
    `insert into admins (library_id, name, email, phone, password_hash, role) values ($1, $2, $3, '9876501234', $4, $5) returning id`,
    [libraryId, name, email, await hashPassword(password), role],
  );
  return { id: inserted.rows[0].id, email };
}

async function signIn(email: string, secret = password): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: email, password: secret },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.token}` };
}

const uuid = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, uuid).replace('*', 'x');

beforeAll(async () => {
  const library = await registerLibrary(t.app);
  libraryId = library.session.library.id;
  ownerPassword = library.body.password;
  auth.owner = library.auth;
  adminIds.owner = library.session.id;
  const areaId = await insertArea(t.pool, libraryId, { totalSeats: 20 });
  for (let seat = 0; seat < 20; seat += 1) await insertSeat(t.pool, libraryId, areaId);
  for (const role of ['manager', 'desk'] as const) {
    const person = await addPerson(role, role === 'desk' ? 'Desk Dev' : 'Manager Mira');
    adminIds[role] = person.id;
    auth[role] = await signIn(person.email);
  }
});

describe('the role matrix', () => {
  const adminRoutes = () =>
    t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.method !== 'HEAD' &&
        !route.url.startsWith('/api/docs/static') &&
        route.url !== '/api/docs' &&
        !route.studentGuard &&
        !NOT_ADMIN.has(`${route.method} ${route.url}`),
    );

  it('finds every admin route declaring its roles, as this table expects', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(80);
    const undeclared = routes.filter((route) => !route.roles).map((route) => `${route.method} ${route.url}`);
    expect(undeclared, 'routes without config.roles (plugins/auth allow)').toEqual([]);
    const unknown = routes
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => expectedAbility(key) === undefined);
    expect(unknown, 'routes this test does not know: add them to EXPECTED').toEqual([]);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      expect([...(route.roles ?? [])].sort(), key).toEqual(rolesWith(expectedAbility(key)!).sort());
    }
  });

  it('answers 403 in the envelope exactly to the roles a route leaves out, before reading the body', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const key = `${route.method} ${route.url}`;
      const allowed = rolesWith(expectedAbility(key)!);
      for (const role of ROLES) {
        // Signing out ends the session: each role signs out with a session of its own.
        const headers = route.url === '/api/auth/logout' ? await freshSession(role) : auth[role];
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          // Malformed on purpose: a refused role must get 403, never the body's 400.
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{"not": "valid' }),
        });
        expect(response.statusCode, `${key} as ${role}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        const refused = response.statusCode === 403;
        if (allowed.includes(role) === refused) wrong.push(`${key} as ${role}: ${response.statusCode}`);
        if (refused) {
          const body = response.json();
          expect(body.status, key).toBe(false);
          expect(body.message, key).toMatch(/\S/);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

async function freshSession(role: Role): Promise<Record<string, string>> {
  const row = await t.pool.query(`select email from admins where id = $1`, [adminIds[role]]);
  return signIn(row.rows[0].email, role === 'owner' ? ownerPassword : password);
}

describe("what the desk is refused, with the catalogue's words", () => {
  const refusals: [string, 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', string, string][] = [
    ['Aadhaar reveal', 'GET', `/api/user/${uuid}/identity`, messages.team.forbiddenIdentity],
    ['KYC review', 'PATCH', `/api/user/${uuid}/kyc`, messages.team.forbiddenIdentity],
    ['a delete', 'DELETE', `/api/area/${uuid}`, messages.team.forbiddenDelete],
    ['a void', 'POST', `/api/payments/${uuid}/void`, messages.team.forbiddenDelete],
    ['an export', 'GET', '/api/fee/export', messages.team.forbiddenExport],
    [
      'a notification to everyone',
      'POST',
      '/api/admin/sendFCMNotificationToAllUsers',
      messages.team.forbiddenBroadcast,
    ],
    ['the settings', 'PUT', '/api/settings', messages.team.forbiddenSettings],
    ['the team', 'GET', '/api/team', messages.team.forbiddenTeam],
  ];
  it.each(refusals)('refuses %s', async (_what, method, url, message) => {
    const response = await t.app.inject({
      method,
      url,
      headers: auth.desk,
      payload: method === 'GET' ? undefined : {},
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ status: false, message });
  });

  it('refuses a manager the team and the settings, and nothing of the business', async () => {
    const team = await t.app.inject({ url: '/api/team', headers: auth.manager });
    expect(team.statusCode).toBe(403);
    expect(team.json().message).toBe(messages.team.forbiddenTeam);
    const settings = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth.manager, payload: {} });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe(messages.team.forbiddenSettings);
    const read = await t.app.inject({ url: '/api/settings', headers: auth.manager });
    expect(read.statusCode).toBe(200);
    const profit = await t.app.inject({ url: '/api/profit', headers: auth.manager });
    expect(profit.statusCode, profit.body).toBe(200);
  });

  it('lets the desk add a student, then shows a masked Aadhaar number and no identity images, and keeps the number on save', async () => {
    const fields = studentFields();
    const { id, student } = await createStudentViaApi(t.app, auth.desk, await threeImages(), fields);
    const masked = student.aadhaar_number ?? '';
    const full = fields.aadhaar_number!;
    expect(student.aadhaar_number).not.toBe(full);
    expect(student.aadhaar_number).not.toContain(full.slice(0, 8));
    expect(masked.endsWith(full.slice(-4))).toBe(true);
    expect(student.front_image).toBeNull();
    expect(student.back_image).toBeNull();
    expect(student.profile).toMatch(/^\/api\/files\//);

    // The desk saves the form with the masked number it was shown: the stored number stays.
    const saved = await updateStudentViaApi(t.app, auth.desk, id, {
      ...fields,
      first_name: 'Renamed',
      aadhaar_number: masked,
    });
    expect(saved.first_name).toBe('Renamed');
    const owners = await t.app.inject({ url: `/api/user/${id}`, headers: auth.owner });
    expect(owners.json().data.aadhaar_number).toBe(full);
    expect(owners.json().data.front_image).toMatch(/^\/api\/files\//);

    // The owner's reveal answers; the desk's is refused and never audited as a view.
    const reveal = await t.app.inject({ url: `/api/user/${id}/identity`, headers: auth.owner });
    expect(reveal.statusCode, reveal.body).toBe(200);
    expect(reveal.json().data.aadhaar_number).toBe(full);
    const refused = await t.app.inject({ url: `/api/user/${id}/identity`, headers: auth.desk });
    expect(refused.statusCode).toBe(403);
    const views = await t.pool.query(
      `select count(*)::int as n from audit_log where library_id = $1 and admin_id = $2 and action = 'student.aadhaar.view'`,
      [libraryId, adminIds.desk],
    );
    expect(views.rows[0].n).toBe(0);
  });

  it('never serves an identity image to a desk session, even through a link signed for it', async () => {
    const fields = studentFields();
    const { id } = await createStudentViaApi(t.app, auth.owner, await threeImages(), fields);
    const keys = await t.pool.query(`select front_image_key as key from students where id = $1`, [id]);
    const sessions = await t.pool.query(
      `select s.id as "sessionId", (extract(epoch from a.password_changed_at) * 1000000)::bigint::text as "passwordStamp"
       from sessions s join admins a on a.id = s.admin_id
       where s.admin_id = $1 and s.revoked_at is null order by s.created_at desc limit 1`,
      [adminIds.desk],
    );
    const signer = createUrlSigner(t.app.appSecret, { ttlSeconds: FILE_URL_TTL_SECONDS, basePath: FILE_URL_BASE_PATH });
    const link = signer.sign(keys.rows[0].key, sessions.rows[0]);
    const response = await t.app.inject({ url: link });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ status: false, message: messages.team.forbiddenIdentity });
  });
});

describe('a deactivated person', () => {
  it('is signed out at once and cannot sign in again (the wrong-password answer)', async () => {
    const person = await addPerson('desk', 'Leaving Lata');
    const session = await signIn(person.email);
    expect((await t.app.inject({ url: '/api/auth/me', headers: session })).statusCode).toBe(200);
    await t.pool.query(`update admins set deactivated_at = now() where id = $1`, [person.id]);
    const after = await t.app.inject({ url: '/api/user', headers: session });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: false, message: messages.auth.invalidToken });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: person.email, password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ status: false, message: messages.auth.invalidCredentials });
  });

  it('answers the role in sign-in and /auth/me', async () => {
    const me = await t.app.inject({ url: '/api/auth/me', headers: auth.desk });
    expect(me.json().data).toMatchObject({ role: 'desk', mustChangePassword: false });
    const owner = await t.app.inject({ url: '/api/auth/me', headers: auth.owner });
    expect(owner.json().data).toMatchObject({ role: 'owner', mustChangePassword: false });
  });
});

describe("the desk's discount limit", () => {
  const settings = (deskMaxDiscount?: number) => ({
    upi_id: null,
    upi_payee_name: null,
    dues_expiring_days: 5,
    dues_grace_days: 7,
    reminder_template: messages.settings.defaultReminderTemplate,
    auto_push_reminders: false,
    price_list: [{ duration: 1, is_reserved: false, window_hours: null, price: 1500 }],
    ...(deskMaxDiscount === undefined ? {} : { desk_max_discount: deskMaxDiscount }),
  });

  async function book(role: Role, body: Record<string, unknown>) {
    const student = await insertStudent(t.pool, libraryId);
    return t.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: auth[role],
      payload: { ...subscriptionBody(student.id, { fee: 0 }), ...body },
    });
  }

  it('is saved and answered by the settings; absent keeps it', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth.owner,
      payload: settings(200),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.desk_max_discount).toBe(200);
    const again = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth.owner, payload: settings() });
    expect(again.json().data.desk_max_discount).toBe(200);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth.owner, payload: settings(-5) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.team.deskMaxDiscountInvalid);
    const read = await t.app.inject({ url: '/api/settings', headers: auth.desk });
    expect(read.json().data.desk_max_discount).toBe(200);
  });

  it('refuses the desk a discount above the limit, naming it, and takes one at the limit', async () => {
    const over = await book('desk', { price: 1299 });
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json().message).toBe(messages.team.discountOverLimit('₹200.00'));
    expect(over.json().message).toContain('₹200.00');
    // The fee as the price (no price sent), as SPEC's call books: the same rule.
    const feeOnly = await book('desk', { fee: 1000 });
    expect(feeOnly.statusCode, feeOnly.body).toBe(403);
    const atLimit = await book('desk', { price: 1300 });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    const full = await book('desk', { price: 1500, fee: 1500 });
    expect(full.statusCode, full.body).toBe(201);
  });

  it('refuses the desk such a renewal too, and lets a manager and the owner give any discount', async () => {
    const created = await book('owner', { price: 100 });
    expect(created.statusCode, created.body).toBe(201);
    const manager = await book('manager', { price: 0 });
    expect(manager.statusCode, manager.body).toBe(201);
    const id = created.json().data.id;
    const renew = (role: Role, price: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/subscription/renew/${id}`,
        headers: auth[role],
        payload: { duration: 1, fee: 0, mode: 'Cash', price },
      });
    const over = await renew('desk', 1000);
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json().message).toBe(messages.team.discountOverLimit('₹200.00'));
    expect((await renew('desk', 1300)).statusCode).toBe(200);
    expect((await renew('owner', 10)).statusCode).toBe(200);
  });
});
