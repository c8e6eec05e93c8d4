import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatPairingCode, messages, todayIn } from '@app/shared';
import { passKeyFor } from '../../lib/student-pass';
import { hashToken } from '../../lib/tokens';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { buildTestApp, registerLibrary, useTestApp } from '../../test/helpers';

const m = messages.student;
const t = useTestApp();

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

type Auth = Record<string, string>;

// Each sign-in comes from its own address: failed ones are counted per address.
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const signIn = (payload: unknown, headers: Record<string, string> = {}, app = t.app, remoteAddress = address()) =>
  app.inject({ method: 'POST', url: '/api/student/session', payload: payload as object, headers, remoteAddress });

async function pairingCodeFor(auth: Auth, studentId: string) {
  const response = await t.app.inject({ method: 'POST', url: `/api/user/${studentId}/pairing-code`, headers: auth });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.code as string;
}

/** A library with one student who has a pairing code. */
async function libraryWithStudent(firstName = 'Meera') {
  const library = await registerLibrary(t.app);
  const libraryId = library.session.library.id;
  const student = await insertStudent(t.pool, libraryId, { firstName });
  const code = await pairingCodeFor(library.auth, student.id);
  return { library, libraryId, auth: library.auth, student, code };
}

/** A library, its student, and that student signed in on a phone. */
async function signedInStudent(userAgent = CHROME_ANDROID) {
  const setup = await libraryWithStudent();
  const response = await signIn({ pairing_code: setup.code }, { 'user-agent': userAgent });
  expect(response.statusCode, response.body).toBe(201);
  const session = response.json().data;
  return { ...setup, session, studentAuth: { authorization: `Bearer ${session.token}` } as Auth };
}

const get = (url: string, headers: Auth) => t.app.inject({ url, headers });
const post = (url: string, headers: Auth) => t.app.inject({ method: 'POST', url, headers });

describe('POST /api/student/session', () => {
  it('signs a student in with their pairing code: a token kept only as its hash, the pass key, the phone named', async () => {
    const { code, student, libraryId, library } = await libraryWithStudent();
    const response = await signIn({ pairing_code: code }, { 'user-agent': CHROME_ANDROID });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      status: true,
      message: m.signedIn,
      data: {
        student: { id: student.id, first_name: 'Meera', last_name: 'Test' },
        library: { id: libraryId, name: library.body.library_name },
      },
    });
    const data = body.data;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.pass_key).toBe(passKeyFor(t.app.appSecret, data.session_id));
    expect(Math.abs(Date.parse(data.server_time) - Date.now())).toBeLessThan(60_000);
    const stored = await t.pool.query(
      'select library_id, student_id, token_hash, device_label, revoked_at from student_sessions where id = $1',
      [data.session_id],
    );
    expect(stored.rows).toEqual([
      {
        library_id: libraryId,
        student_id: student.id,
        token_hash: hashToken(data.token),
        device_label: 'Chrome on Android',
        revoked_at: null,
      },
    ]);
    const audit = await t.pool.query(
      `select admin_id, entity_id, detail from audit_log where library_id = $1 and action = 'student.app_sign_in'`,
      [libraryId],
    );
    expect(audit.rows).toEqual([{ admin_id: null, entity_id: student.id, detail: 'Chrome on Android' }]);
  });

  it('reads the code as people type it: lower case, a dash, O for 0 and I or L for 1', async () => {
    const { code } = await libraryWithStudent();
    const typed = ` ${formatPairingCode(code).toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l')} `;
    const response = await signIn({ pairing_code: typed }, { 'user-agent': SAFARI_IPHONE });
    expect(response.statusCode, response.body).toBe(201);
    const label = await t.pool.query('select device_label from student_sessions where id = $1', [
      response.json().data.session_id,
    ]);
    expect(label.rows[0].device_label).toBe('Safari on iPhone');
  });

  it('refuses a wrong code with 401 and malformed bodies with 400, and opens no session', async () => {
    const { student, code } = await libraryWithStudent();
    // Valid in form, but no student's (the last digit changed).
    const wrong = code.slice(0, 7) + (code[7] === 'A' ? 'B' : 'A');
    const refused = await signIn({ pairing_code: wrong });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ status: false, code: 401, message: m.codeInvalid });
    const malformed: [unknown, string][] = [
      [{}, m.codeRequired],
      [{ pairing_code: '' }, m.codeRequired],
      [{ pairing_code: 12345678 }, m.codeRequired],
      [{ pairing_code: 'ABC' }, m.codeInvalid],
      [{ pairing_code: 'UUUUUUUU' }, m.codeInvalid],
      [{ pairing_code: 'A'.repeat(41) }, m.codeInvalid],
      [{ pairing_code: { $gt: '' } }, m.codeRequired],
    ];
    for (const [payload, message] of malformed) {
      const response = await signIn(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().status).toBe(false);
      expect(JSON.stringify(response.json()), JSON.stringify(payload)).toContain(message);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/student/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"pairing_code":',
      remoteAddress: address(),
    });
    expect(notJson.statusCode).toBe(400);
    const sessions = await t.pool.query('select 1 from student_sessions where student_id = $1', [student.id]);
    expect(sessions.rows).toEqual([]);
  });

  it('refuses a code once the owner made a new one; the new code signs in and earlier phones stay signed in', async () => {
    const { auth, student, code: first } = await libraryWithStudent();
    const early = await signIn({ pairing_code: first });
    expect(early.statusCode).toBe(201);
    const second = await pairingCodeFor(auth, student.id);
    const stale = await signIn({ pairing_code: first });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(m.codeInvalid);
    expect((await signIn({ pairing_code: second })).statusCode).toBe(201);
    const me = await get('/api/student/me', { authorization: `Bearer ${early.json().data.token}` });
    expect(me.statusCode).toBe(200);
  });

  it('walls an address off after too many failures, without counting successes', async () => {
    const limited = await buildTestApp({ DEVICE_RATE_LIMIT_MAX: '3' });
    try {
      // Codes are hashed with the app's secret: this app makes its own.
      const library = await registerLibrary(limited.app);
      const student = await insertStudent(limited.pool, library.session.library.id);
      const made = await limited.app.inject({
        method: 'POST',
        url: `/api/user/${student.id}/pairing-code`,
        headers: library.auth,
      });
      const code = made.json().data.code as string;
      const from = address();
      // Successes are taken back: a library's shared Wi-Fi signs in every student.
      for (let index = 0; index < 5; index += 1) {
        expect((await signIn({ pairing_code: code }, {}, limited.app, from)).statusCode).toBe(201);
      }
      for (let index = 0; index < 3; index += 1) {
        expect((await signIn({ pairing_code: '00000000' }, {}, limited.app, from)).statusCode).toBe(401);
      }
      // Malformed guesses count as well, and the wall holds for a good code too.
      const walled = await signIn({ pairing_code: 'x' }, {}, limited.app, from);
      expect(walled.statusCode).toBe(429);
      expect(walled.headers['retry-after']).toMatch(/^\d+$/);
      expect((await signIn({ pairing_code: code }, {}, limited.app, from)).statusCode).toBe(429);
      // Another address is not affected.
      expect((await signIn({ pairing_code: code }, {}, limited.app, address())).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('student sessions', () => {
  it('are kept until revoked: no idle or absolute expiry', async () => {
    const { session, studentAuth } = await signedInStudent();
    await t.pool.query(
      `update student_sessions set created_at = now() - interval '400 days', last_seen_at = now() - interval '200 days'
       where id = $1`,
      [session.session_id],
    );
    expect((await get('/api/student/me', studentAuth)).statusCode).toBe(200);
  });

  it('mark the last use at most once a minute', async () => {
    const { session, studentAuth } = await signedInStudent();
    const lastSeen = async () =>
      (await t.pool.query('select last_seen_at from student_sessions where id = $1', [session.session_id])).rows[0]
        .last_seen_at as Date;
    await t.pool.query(`update student_sessions set last_seen_at = now() - interval '30 seconds' where id = $1`, [
      session.session_id,
    ]);
    const recent = await lastSeen();
    await get('/api/student/pass-key', studentAuth);
    expect(await lastSeen()).toEqual(recent);
    await t.pool.query(`update student_sessions set last_seen_at = now() - interval '2 minutes' where id = $1`, [
      session.session_id,
    ]);
    const stale = await lastSeen();
    await get('/api/student/pass-key', studentAuth);
    expect((await lastSeen()).getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });

  it('refuse missing, malformed and unknown tokens, and admin tokens', async () => {
    const { auth } = await signedInStudent();
    const cases: [Auth, string, string][] = [
      [{}, messages.auth.missingToken, 'core.auth.missingToken'],
      [{ authorization: 'Basic abc' }, messages.auth.invalidToken, 'core.auth.invalidToken'],
      [{ authorization: 'Bearer ' + 'x'.repeat(201) }, messages.auth.invalidToken, 'core.auth.invalidToken'],
      [{ authorization: 'Bearer not-a-session' }, messages.auth.invalidToken, 'core.auth.invalidToken'],
      [auth, messages.auth.invalidToken, 'core.auth.invalidToken'],
    ];
    for (const [headers, message, messageCode] of cases) {
      const response = await get('/api/student/me', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: false, code: 401, message, messageCode, errors: [] });
    }
  });

  it('give the pass key of the session again, with the server clock', async () => {
    const { session, studentAuth } = await signedInStudent();
    const response = await get('/api/student/pass-key', studentAuth);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data.pass_key).toBe(session.pass_key);
    expect(typeof response.json().data.server_time).toBe('string');
  });
});

describe('DELETE /api/student/session', () => {
  it("signs the phone out at once: its next call is 401, its web push device goes, the student's other phone stays", async () => {
    const first = await signedInStudent();
    const other = await signIn({ pairing_code: first.code });
    const otherAuth = { authorization: `Bearer ${other.json().data.token}` };
    const devices = await t.pool.query<{ id: string }>(
      `insert into student_devices (library_id, student_id, fcm_token, platform, session_id)
       values ($1, $2, 'https://push.example/a', 'web', $3), ($1, $2, 'https://push.example/b', 'web', $4)
       returning id`,
      [first.libraryId, first.student.id, first.session.session_id, other.json().data.session_id],
    );
    const response = await t.app.inject({ method: 'DELETE', url: '/api/student/session', headers: first.studentAuth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: true, message: m.signedOut });
    expect((await get('/api/student/me', first.studentAuth)).statusCode).toBe(401);
    expect((await get('/api/student/me', otherAuth)).statusCode).toBe(200);
    const left = await t.pool.query('select id from student_devices where student_id = $1', [first.student.id]);
    expect(left.rows).toEqual([{ id: devices.rows[1]!.id }]);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/student/session', headers: first.studentAuth });
    expect(again.statusCode).toBe(401);
  });
});

describe('the owner unpairs a phone', () => {
  it('lists the signed-in phones, and unpairing ends the session at once', async () => {
    const { auth, student, session, studentAuth, libraryId } = await signedInStudent();
    await t.pool.query(
      `insert into student_devices (library_id, student_id, fcm_token, platform, session_id)
       values ($1, $2, 'https://push.example/c', 'web', $3)`,
      [libraryId, student.id, session.session_id],
    );
    const listed = await get(`/api/user/${student.id}/devices`, auth);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.sessions).toEqual([
      {
        id: session.session_id,
        device_label: 'Chrome on Android',
        created_at: expect.any(String),
        last_seen_at: expect.any(String),
      },
    ]);
    expect(listed.json().data.devices).toHaveLength(1);

    const unpair = (headers: Auth, id = session.session_id, studentId = student.id) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/${studentId}/sessions/${id}`, headers });
    // Another library's owner cannot, and a student token is no admin's.
    const intruder = await registerLibrary(t.app);
    expect((await unpair(intruder.auth)).statusCode).toBe(404);
    expect((await unpair(studentAuth)).statusCode).toBe(401);
    expect((await get('/api/student/me', studentAuth)).statusCode).toBe(200);

    const response = await unpair(auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: true, message: m.unpaired });
    expect((await get('/api/student/me', studentAuth)).statusCode).toBe(401);
    expect((await get('/api/student/pass-key', studentAuth)).statusCode).toBe(401);
    const after = await get(`/api/user/${student.id}/devices`, auth);
    expect(after.json().data).toMatchObject({ sessions: [], devices: [] });
    const audit = await t.pool.query(
      `select entity_id from audit_log where library_id = $1 and action = 'student.app_unpair' and admin_id is not null`,
      [libraryId],
    );
    expect(audit.rows).toEqual([{ entity_id: session.session_id }]);
    // Once revoked it is gone; ids that are no session are not found either.
    for (const id of [session.session_id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const again = await unpair(auth, id);
      expect(again.statusCode, id).toBe(404);
      expect(again.json().message).toBe(m.sessionNotFound);
    }
    // Another student's session id through this student's path: not found, and it lives on.
    const neighbour = await insertStudent(t.pool, libraryId);
    const neighbourSession = await signIn({ pairing_code: await pairingCodeFor(auth, neighbour.id) });
    const crossed = await unpair(auth, neighbourSession.json().data.session_id, student.id);
    expect(crossed.statusCode).toBe(404);
    const neighbourAuth = { authorization: `Bearer ${neighbourSession.json().data.token}` };
    expect((await get('/api/student/me', neighbourAuth)).statusCode).toBe(200);
  });
});

/** A time zone whose date now differs from UTC's (one of the two always does). */
function zoneAwayFromUtc() {
  const utc = new Date().toISOString().slice(0, 10);
  return todayIn('Pacific/Kiritimati') !== utc ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
}

const addDays = (date: string, days: number) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
};

async function insertPlan(
  libraryId: string,
  studentId: string,
  plan: { seatId?: string; joining: string; expires: string; price: number; start?: string; end?: string },
) {
  const result = await t.pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 1) returning id`,
    [
      libraryId,
      studentId,
      plan.seatId ?? null,
      Boolean(plan.seatId),
      plan.start ?? '06:00',
      plan.end ?? '14:00',
      plan.joining,
      plan.expires,
    ],
  );
  const id = result.rows[0]!.id;
  await t.pool.query(
    `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price)
     values ($1, $2, $3, 'new', 1, $4)`,
    [libraryId, id, studentId, plan.price],
  );
  return id;
}

describe('GET /api/student/me', () => {
  it("shows the plans with seat or any free seat, window, dates and days left counted in the library's time zone", async () => {
    const { auth, libraryId, student, studentAuth, library } = await signedInStudent();
    const zone = zoneAwayFromUtc();
    await t.pool.query('update libraries set time_zone = $2, address = $3 where id = $1', [
      libraryId,
      zone,
      '12 MG Road, Pune',
    ]);
    const today = todayIn(zone);
    const areaId = await insertArea(t.pool, libraryId, { name: 'Hall B' });
    const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'B7' });
    const current = await insertPlan(libraryId, student.id, {
      seatId,
      joining: addDays(today, -10),
      expires: addDays(today, 2),
      price: 1500,
    });
    const upcoming = await insertPlan(libraryId, student.id, {
      joining: addDays(today, 3),
      expires: addDays(today, 32),
      price: 900,
      start: '14:00',
      end: '22:00',
    });
    await insertPlan(libraryId, student.id, { joining: addDays(today, -60), expires: addDays(today, -11), price: 800 });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/subscription/${current}/payments`,
      headers: auth,
      payload: { amount: 500, mode: 'Cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const response = await get('/api/student/me', studentAuth);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    // The student has kept no language yet (issue 20).
    expect(data.student).toEqual({
      id: student.id,
      first_name: 'Meera',
      last_name: 'Test',
      mobile: student.mobile,
      language: null,
    });
    expect(data.library).toMatchObject({
      id: libraryId,
      name: library.body.library_name,
      address: '12 MG Road, Pune',
      time_zone: zone,
      today,
      upi_id: null,
    });
    // The expired plan is left out while a current one exists.
    expect(data.memberships).toEqual([
      {
        subscription_id: current,
        status: 'active',
        is_reserved: true,
        seat_name: 'B7',
        area_name: 'Hall B',
        start_time: '06:00:00',
        end_time: '14:00:00',
        joining_date: addDays(today, -10),
        plan_expires_at: addDays(today, 2),
        duration: 1,
        // Today, tomorrow and the day after, in the library's calendar (not UTC's).
        days_left: 3,
        balance: 1000,
      },
      {
        subscription_id: upcoming,
        status: 'upcoming',
        is_reserved: false,
        seat_name: null,
        area_name: null,
        start_time: '14:00:00',
        end_time: '22:00:00',
        joining_date: addDays(today, 3),
        plan_expires_at: addDays(today, 32),
        duration: 1,
        days_left: 30,
        balance: 900,
      },
    ]);
  });

  it('shows the last expired plan when nothing is current, with no days left', async () => {
    const { libraryId, student, studentAuth } = await signedInStudent();
    const today = todayIn('Asia/Kolkata');
    await insertPlan(libraryId, student.id, { joining: addDays(today, -90), expires: addDays(today, -61), price: 800 });
    const last = await insertPlan(libraryId, student.id, {
      joining: addDays(today, -60),
      expires: addDays(today, -1),
      price: 800,
    });
    const data = (await get('/api/student/me', studentAuth)).json().data;
    expect(data.memberships).toHaveLength(1);
    expect(data.memberships[0]).toMatchObject({
      subscription_id: last,
      status: 'expired',
      days_left: 0,
      plan_expires_at: addDays(today, -1),
    });
  });

  it("gives the library's WhatsApp link when its phone can take WhatsApp", async () => {
    const { libraryId, studentAuth } = await signedInStudent();
    await t.pool.query(`update libraries set mobile = '9876543210' where id = $1`, [libraryId]);
    const withWhatsApp = (await get('/api/student/me', studentAuth)).json().data.library;
    expect(withWhatsApp).toMatchObject({
      phone: '9876543210',
      whatsapp: '9876543210',
      whatsapp_link: 'https://wa.me/919876543210',
    });
    await t.pool.query(`update libraries set mobile = '02041234567' where id = $1`, [libraryId]);
    const landline = (await get('/api/student/me', studentAuth)).json().data.library;
    expect(landline).toMatchObject({ phone: '02041234567', whatsapp: null, whatsapp_link: null });
  });
});

const settingsWithUpi = {
  upi_id: 'library@okaxis',
  upi_payee_name: 'Gyan Library',
  dues_expiring_days: 3,
  dues_grace_days: 2,
  reminder_template: 'Hello {name}, {amount} is due.',
  auto_push_reminders: false,
  price_list: [],
};

describe('GET /api/student/payments', () => {
  it('lists payments newest first (a void one marked) and each balance, with the UPI link once the library has a UPI ID', async () => {
    const { auth, libraryId, student, studentAuth } = await signedInStudent();
    const today = todayIn('Asia/Kolkata');
    const plan = await insertPlan(libraryId, student.id, { joining: today, expires: addDays(today, 29), price: 1500 });
    const paidUp = await insertPlan(libraryId, student.id, {
      joining: addDays(today, 30),
      expires: addDays(today, 59),
      price: 300,
    });
    for (const [id, amount, mode] of [
      [plan, 400, 'Cash'],
      [plan, 100, 'Card'],
      [paidUp, 300, 'Cash'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/subscription/${id}/payments`,
        headers: auth,
        payload: { amount, mode },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const account = await get(`/api/subscription/${plan}/payments`, auth);
    const card = account.json().data.payments.find((payment: { mode: string }) => payment.mode === 'Card');
    const voided = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${card.id}/void`,
      headers: auth,
      payload: { reason: 'Card machine charged twice' },
    });
    expect(voided.statusCode, voided.body).toBe(200);

    const without = await get('/api/student/payments', studentAuth);
    expect(without.statusCode, without.body).toBe(200);
    const data = without.json().data;
    expect(
      data.payments.map((payment: { amount: number; voided: boolean }) => [payment.amount, payment.voided]),
    ).toEqual([
      [300, false],
      [100, true],
      [400, false],
    ]);
    expect(data.payments[0]).toMatchObject({ subscription_id: paidUp, mode: 'Cash', kind: expect.any(String) });
    expect(data.payments[0].receipt_no).toMatch(/\/\d{4}-\d{2}\/\d{4}$/);
    // The void gives its ₹100 back to the balance: 1500 − 400.
    expect(data.dues).toEqual([
      { subscription_id: plan, plan_expires_at: addDays(today, 29), amount: 1100, upi_link: null },
    ]);
    expect(data.total_due).toBe(1100);

    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload: settingsWithUpi });
    expect(saved.statusCode, saved.body).toBe(200);
    const link = (await get('/api/student/payments', studentAuth)).json().data.dues[0].upi_link as string;
    expect(link).toMatch(/^upi:\/\/pay\?/);
    const params = new URLSearchParams(link.slice('upi://pay?'.length));
    expect(params.get('pa')).toBe('library@okaxis');
    expect(params.get('pn')).toBe('Gyan Library');
    expect(params.get('am')).toBe('1100.00');
    expect(params.get('cu')).toBe('INR');
    // The same reference as the dues screen's link for this balance.
    const dues = await get('/api/dues?group=unpaid', auth);
    const due = dues.json().data.dues.find((row: { subscription_id: string }) => row.subscription_id === plan);
    expect(params.get('tr')).toBe(due.upi_reference);
  });

  it('answers empty lists for a student who owes and paid nothing', async () => {
    const { studentAuth } = await signedInStudent();
    const response = await get('/api/student/payments', studentAuth);
    expect(response.json().data).toEqual({ payments: [], dues: [], total_due: 0 });
  });
});

async function send(auth: Auth, title: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/sendFCMNotificationToAllUsers',
    headers: auth,
    payload: { title, body: `${title} body` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.notification.id as string;
}

describe('the inbox', () => {
  it('lists the notifications sent to the student, newest first, and marks them read', async () => {
    const { auth, studentAuth, libraryId, student } = await signedInStudent();
    const first = await send(auth, 'Closed on Sunday');
    const second = await send(auth, 'Fees due');
    // Without notification_recipients rows nothing would show: the inbox reads them, not the audience again.
    const rows = await t.pool.query('select notification_id from notification_recipients where student_id = $1', [
      student.id,
    ]);
    expect(rows.rows).toHaveLength(2);

    const inbox = await get('/api/student/notifications', studentAuth);
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().data).toMatchObject({
      unread_count: 2,
      notifications: [
        { id: second, title: 'Fees due', body: 'Fees due body', read: false, read_at: null },
        { id: first, title: 'Closed on Sunday', read: false },
      ],
      pagination: { currentPage: 1, totalItems: 2 },
    });

    const read = await post(`/api/student/notifications/${first}/read`, studentAuth);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ message: m.notificationRead, data: { unread_count: 1 } });
    const readAt = (await get('/api/student/notifications', studentAuth)).json().data.notifications[1].read_at;
    expect(readAt).toEqual(expect.any(String));
    // Reading it again keeps the first time.
    await post(`/api/student/notifications/${first}/read`, studentAuth);
    const again = (await get('/api/student/notifications', studentAuth)).json().data;
    expect(again.notifications[1]).toMatchObject({ read: true, read_at: readAt });

    const paged = (await get('/api/student/notifications?page=2&limit=5', studentAuth)).json().data;
    expect(paged.notifications).toEqual([]);
    expect(paged.pagination).toMatchObject({ currentPage: 2, totalItems: 2, itemsPerPage: 5 });
    for (const query of ['limit=7', 'page=0', 'page=x']) {
      expect((await get(`/api/student/notifications?${query}`, studentAuth)).statusCode, query).toBe(400);
    }

    const all = await post('/api/student/notifications/read-all', studentAuth);
    expect(all.json()).toMatchObject({ message: m.notificationsRead, data: { unread_count: 0 } });
    const stored = await t.pool.query(
      'select count(*)::int as unread from notification_recipients where library_id = $1 and read_at is null',
      [libraryId],
    );
    expect(stored.rows[0].unread).toBe(0);
  });

  it("is the student's own: another student's or library's notification is not found and stays unread", async () => {
    const a = await signedInStudent();
    const b = await signedInStudent();
    const theirs = await send(a.auth, 'For library A');
    const ours = await send(b.auth, 'For library B');
    const inbox = (await get('/api/student/notifications', b.studentAuth)).json().data;
    expect(inbox.notifications.map((item: { id: string }) => item.id)).toEqual([ours]);
    for (const id of [theirs, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await post(`/api/student/notifications/${id}/read`, b.studentAuth);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(m.notificationNotFound);
    }
    await post('/api/student/notifications/read-all', b.studentAuth);
    const stillUnread = await get('/api/student/notifications', a.studentAuth);
    expect(stillUnread.json().data.unread_count).toBe(1);
  });
});

describe("another library's student", () => {
  it('is never visible through any student route', async () => {
    const a = await signedInStudent();
    const b = await signedInStudent();
    const today = todayIn('Asia/Kolkata');
    const planA = await insertPlan(a.libraryId, a.student.id, {
      joining: today,
      expires: addDays(today, 29),
      price: 700,
    });
    await send(a.auth, 'Only for A');
    const secrets = [a.student.id, a.libraryId, planA, a.student.mobile, a.session.session_id];
    for (const url of [
      '/api/student/me',
      '/api/student/payments',
      '/api/student/notifications',
      '/api/student/pass-key',
    ]) {
      const response = await get(url, b.studentAuth);
      expect(response.statusCode, url).toBe(200);
      for (const secret of secrets) expect(response.body.includes(secret), `${url} leaked ${secret}`).toBe(false);
    }
    expect((await get('/api/student/me', b.studentAuth)).json().data.memberships).toEqual([]);
  });
});
