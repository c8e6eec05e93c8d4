import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, messages, rolesWith, type Role } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../lib/passwords';
import { createStudentViaApi, studentFields, studentForm, threeImages } from '../modules/students/students.fixtures';
import { registerLibrary, registrationBody, unique, useTestApp } from '../test/helpers';
import { PUBLIC_ROUTES, SHARED_RECEIPT_ROUTES } from '../test/public-routes';
import { withLanguage } from './language';

/**
 * Failing requests across the modules, sent with `Accept-Language: hi` (issue 20): each answer's
 * message is the Hindi catalogue text (never the English one) and names its catalogue key as
 * `messageCode`. Among them the texts that were read once when a module loaded or the app was
 * built, which stayed English whatever the request asked: the roles' 403s, the id checks of
 * route params, the taken mobile, the dashboard's period, the shared schemas' limits.
 */
const t = useTestApp();
const HI = { 'accept-language': 'hi' };
const password = 'correct horse battery';

/** The catalogue text of a code (`areas.notFound`) in a language: for the texts without values. */
function catalogueText(code: string, lng: 'en' | 'hi'): string {
  const [ns, ...key] = code.split('.');
  return i18n.t(key.join('.'), { ns, lng });
}

const hi = (read: () => string) => withLanguage('hi', read);
const en = (read: () => string) => withLanguage('en', read);

/** The answer is the failure `status` with the message of `code` in Hindi (given, or the catalogue's). */
function expectHindi(response: LightMyRequestResponse, status: number, code: string, hindi?: string, english?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ message: string; messageCode: string | null }>();
  const expected = hindi ?? catalogueText(code, 'hi');
  expect(body.messageCode, response.body).toBe(code);
  expect(body.message, code).toBe(expected);
  expect(body.message, code).not.toBe(english ?? catalogueText(code, 'en'));
  expect(body.message, code).toMatch(/[\u0900-\u097F]/);
  expect(response.headers['content-language']).toBe('hi');
  return body as {
    message: string;
    messageCode: string;
    errors: { field: string; message: string; messageCode: string | null }[];
  };
}

let owner: Record<string, string>;
let libraryId: string;
const staff: Partial<Record<Role, Record<string, string>>> = {};

async function addPerson(role: Role, options: { mustChangePassword?: boolean } = {}) {
  const email = `${role}-${unique()}@example.com`;
  await t.pool.query(
    `insert into admins (library_id, name, email, phone, password_hash, role, must_change_password)
     values ($1, 'Dev', $2, '9876501234', $3, $4, $5)`,
    [libraryId, email, await hashPassword(password), role, options.mustChangePassword ?? false],
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.token}` };
}

beforeAll(async () => {
  const library = await registerLibrary(t.app);
  owner = library.auth;
  libraryId = library.session.library.id;
  staff.desk = await addPerson('desk');
  staff.manager = await addPerson('manager');
});

describe('401s in Hindi', () => {
  it('answers a missing and a wrong token in Hindi', async () => {
    expectHindi(await t.app.inject({ url: '/api/area', headers: HI }), 401, 'core.auth.missingToken');
    expectHindi(
      await t.app.inject({ url: '/api/area', headers: { ...HI, authorization: 'Bearer nope' } }),
      401,
      'core.auth.invalidToken',
    );
  });
});

describe('403s of the roles in Hindi', () => {
  const uuid = '00000000-0000-4000-8000-000000000000';
  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, uuid).replace('*', 'x');
  const NOT_ADMIN = new Set<string>([...PUBLIC_ROUTES, ...SHARED_RECEIPT_ROUTES]);

  it('refuses every route a role may not call with its Hindi text, read when the call is refused', async () => {
    const routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        route.method !== 'HEAD' &&
        route.roles !== undefined &&
        !route.studentGuard &&
        route.url !== '/api/auth/logout' &&
        !NOT_ADMIN.has(`${route.method} ${route.url}`),
    );
    const seen = new Set<string>();
    let refused = 0;
    for (const route of routes) {
      for (const role of ['desk', 'manager'] as const) {
        if (route.roles!.includes(role)) continue;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { ...staff[role], ...HI, 'content-type': 'application/json' },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        const body = response.json<{ messageCode: string }>();
        expect(body.messageCode, `${route.method} ${route.url} as ${role}`).toMatch(/^team\.forbidden/);
        expectHindi(response, 403, body.messageCode);
        seen.add(body.messageCode);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(20);
    // The abilities' own texts, not only the general one.
    expect([...seen]).toEqual(
      expect.arrayContaining(['team.forbiddenTeam', 'team.forbiddenSettings', 'team.forbiddenDelete']),
    );
    expect(rolesWith('deletes')).not.toContain('desk');
  });

  it('asks a person with a one-time password to choose their own, in Hindi', async () => {
    const fresh = await addPerson('desk', { mustChangePassword: true });
    expectHindi(
      await t.app.inject({ url: '/api/area', headers: { ...fresh, ...HI } }),
      403,
      'teamPeople.mustChangePassword',
    );
  });
});

describe('404s in Hindi', () => {
  const cases: [string, string, string][] = [
    ['GET', `/api/area/${randomUUID()}`, 'areas.notFound'],
    ['GET', '/api/subscription/not-an-id', 'subscriptions.notFound'],
    ['GET', '/api/subscription/not-an-id/payments', 'payments.notFound'],
    ['POST', '/api/payments/not-an-id/void', 'payments.paymentNotFound'],
    ['GET', '/api/receipts/not-an-id', 'receipts.notFound'],
    ['GET', `/api/receipts/${randomUUID()}`, 'receipts.notFound'],
    ['DELETE', '/api/expenses/not-an-id', 'expenses.notFound'],
    ['DELETE', '/api/expenses/recurring/not-an-id', 'expenses.recurring.notFound'],
    ['POST', '/api/dues/not-an-id/reminders', 'dues.dueNotFound'],
    ['GET', '/api/attendance/student/not-an-id', 'attendance.studentNotFound'],
    ['POST', '/api/team/people/not-an-id/deactivate', 'teamPeople.personNotFound'],
    ['DELETE', '/api/team/invitations/not-an-id', 'teamPeople.invitationNotFound'],
    ['GET', '/api/no-such-route', 'core.validation.routeNotFound'],
  ];
  for (const [method, url, code] of cases) {
    it(`${method} ${url}: ${code}`, async () => {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...owner, ...HI, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      expect([400, 404]).toContain(response.statusCode);
      expectHindi(response, response.statusCode, code);
    });
  }
});

describe('409s in Hindi', () => {
  it('answers a taken area name and a taken mobile in Hindi, on the field', async () => {
    const area = { area_name: `Hall ${unique()}`, total_seats: 10, status: 'active' };
    const first = await t.app.inject({ method: 'POST', url: '/api/area', headers: owner, payload: area });
    expect(first.statusCode, first.body).toBe(201);
    expectHindi(
      await t.app.inject({ method: 'POST', url: '/api/area', headers: { ...owner, ...HI }, payload: area }),
      409,
      'areas.nameTaken',
    );

    const fields = studentFields();
    await createStudentViaApi(t.app, owner, await threeImages(), fields);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { ...owner, ...HI },
      payload: studentForm(studentFields({ mobile: fields.mobile! }), await threeImages()),
    });
    const body = expectHindi(again, 409, 'students.mobileTaken');
    expect(body.errors).toContainEqual({
      field: 'mobile',
      message: catalogueText('students.mobileTaken', 'hi'),
      messageCode: 'students.mobileTaken',
    });
  });
});

describe('validation errors in Hindi', () => {
  it("answers a body's refusals field by field in Hindi, the shared schemas' limits included", async () => {
    const blank = expectHindi(
      await t.app.inject({
        method: 'POST',
        url: '/api/area',
        headers: { ...owner, ...HI },
        payload: { total_seats: 'x' },
      }),
      400,
      'areas.nameRequired',
    );
    expect(blank.errors).toEqual(
      expect.arrayContaining([
        { field: 'area_name', message: catalogueText('areas.nameRequired', 'hi'), messageCode: 'areas.nameRequired' },
        {
          field: 'total_seats',
          message: catalogueText('areas.totalSeatsNumber', 'hi'),
          messageCode: 'areas.totalSeatsNumber',
        },
      ]),
    );

    const long = await t.app.inject({
      method: 'POST',
      url: '/api/area',
      headers: { ...owner, ...HI },
      payload: { area_name: 'x'.repeat(101), total_seats: 5, status: 'active' },
    });
    expectHindi(
      long,
      400,
      'core.validation.tooLong',
      hi(() => messages.validation.tooLong(100)),
      en(() => messages.validation.tooLong(100)),
    );
    expect(en(() => messages.validation.tooLong(100))).toBe('At most 100 characters');

    const seat = await t.app.inject({
      method: 'POST',
      url: '/api/seat',
      headers: { ...owner, ...HI },
      payload: { name: 'A1', area_id: randomUUID(), status: 'active', capacity: 'many' },
    });
    expectHindi(seat, 400, 'seats.capacityNumber');
  });

  it('answers the query and path checks in Hindi', async () => {
    expectHindi(
      await t.app.inject({ url: '/api/dashboard/forever', headers: { ...owner, ...HI } }),
      400,
      'dashboard.unknownPeriod',
    );
    expectHindi(
      await t.app.inject({ url: '/api/team/activity?limit=many', headers: { ...owner, ...HI } }),
      400,
      'teamPeople.activityLimitInvalid',
    );
    expectHindi(
      await t.app.inject({ url: '/api/admin/audit-log?action=NOT%20AN%20ACTION', headers: { ...owner, ...HI } }),
      400,
      'audit.actionInvalid',
    );
    expectHindi(
      await t.app.inject({ url: '/api/user/mobile/12345', headers: { ...owner, ...HI } }),
      400,
      'students.mobileInvalid',
    );
  });

  it('answers a notification, a registration and a team invitation in Hindi', async () => {
    expectHindi(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/sendFCMNotificationToAllUsers',
        headers: { ...owner, ...HI },
        payload: { title: 'Water', body: 'No water on Friday', premiumOnly: 'yes' },
      }),
      400,
      'notifications.premiumOnlyInvalid',
    );
    expectHindi(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/sendFCMNotificationToAllUsers',
        headers: { ...owner, ...HI },
        payload: { title: ' ', body: 'No water on Friday' },
      }),
      400,
      'notifications.titleRequired',
    );
    expectHindi(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/library',
        headers: HI,
        payload: registrationBody({ password: 'x'.repeat(257) }),
      }),
      400,
      'core.validation.passwordTooLong',
    );
    expectHindi(
      await t.app.inject({
        method: 'POST',
        url: '/api/team/people',
        headers: { ...owner, ...HI },
        payload: { name: ' ', email: 'someone@example.com', phone: '9876501234', role: 'desk' },
      }),
      400,
      'teamPeople.nameRequired',
    );
  });

  it("answers a check-in's refusal in Hindi", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/check',
      headers: { ...owner, ...HI },
      payload: { mobile: '6000000000' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: catalogueText('attendance.denied.unknownMobile', 'hi'),
      data: { outcome: 'denied', reason: 'unknown_mobile' },
    });
  });
});
