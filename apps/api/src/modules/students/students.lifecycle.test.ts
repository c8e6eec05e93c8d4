import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { todayIn, privacyMessages } from '@app/shared';
import { createTestSubscription } from '../../lib/push/testing/loopback-web-push';
import { subscriptionBody } from '../../test/bookings';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { signInStudent } from '../../test/student-app';
import { studentFields, studentForm, threeImages } from './students.fixtures';

/**
 * Issue 19, items 1 and 2 (API): consent at collection on the student form, and leaving: a
 * student who left is off the active lists and counts, cannot be booked on any path, and their
 * phones, sessions and ID card end. Refusals are answered with the catalogue's exact texts.
 */

const p = privacyMessages;
const t = useTestApp();
type Auth = Record<string, string>;

const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const create = async (auth: Auth, fields: Record<string, string>, files?: Record<string, Buffer>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: auth,
    payload: studentForm(fields, files ?? (await threeImages())),
  });
const update = (auth: Auth, id: string, fields: Record<string, string>, files: Record<string, Buffer> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${id}`, headers: auth, payload: studentForm(fields, files) });
const leave = (auth: Auth, id: string) => t.app.inject({ method: 'POST', url: `/api/user/${id}/leave`, headers: auth });
const rejoin = (auth: Auth, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/user/${id}/rejoin`, headers: auth });
const detail = async (auth: Auth, id: string) => (await t.app.inject({ url: `/api/user/${id}`, headers: auth })).json();
const book = (auth: Auth, studentId: string) =>
  t.app.inject({ method: 'POST', url: '/api/subscription', headers: auth, payload: subscriptionBody(studentId) });

/** The DOB of someone who turns 18 `daysFromToday` days from the library's (IST) today. */
function dobTurning18In(daysFromToday: number): string {
  const today = new Date(`${todayIn('Asia/Kolkata')}T00:00:00Z`);
  today.setUTCDate(today.getUTCDate() + daysFromToday);
  today.setUTCFullYear(today.getUTCFullYear() - 18);
  return today.toISOString().slice(0, 10);
}

async function library() {
  const { session, auth } = await registerLibrary(t.app);
  const libraryId = session.library.id;
  const areaId = await insertArea(t.pool, libraryId, { name: 'Hall A' });
  for (let seat = 0; seat < 20; seat += 1) await insertSeat(t.pool, libraryId, areaId);
  return { session, auth, libraryId };
}

async function desk(libraryId: string): Promise<Auth> {
  const email = `desk-${randomBytes(4).toString('hex')}@example.com`;
  const { hashPassword } = await import('../../lib/passwords');
  await t.pool.query(
    `insert into admins (library_id, name, email, phone, password_hash, role) values ($1, 'Desk Dev', $2, '9876501234', $3, 'desk')`,
    [libraryId, email, await hashPassword('correct horse battery')],
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: email, password: 'correct horse battery' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.token}` };
}

describe('consent at collection (POST and PUT /api/user)', () => {
  it('refuses documents without consent, an unknown giver, and the student themself under 18', async () => {
    const { auth, libraryId } = await library();
    const none = await create(auth, studentFields({ consent: '' }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: p.consent.required,
      errors: [{ field: 'consent', message: p.consent.required }],
    });

    const bad = await create(auth, studentFields({ consent: 'yes' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'consent', message: p.consent.invalid, messageCode: 'privacy.consent.invalid' },
    ]);

    // 18 tomorrow: still a minor today in the library's time zone.
    const minor = await create(auth, studentFields({ consent: 'student', dob: dobTurning18In(1) }));
    expect(minor.statusCode).toBe(400);
    expect(minor.json().errors).toEqual([
      { field: 'consent', message: p.consent.guardianRequired, messageCode: 'privacy.consent.guardianRequired' },
    ]);
    const held = await t.pool.query(`select count(*)::int as n from students where library_id = $1`, [libraryId]);
    expect(held.rows[0].n).toBe(0);

    // 18 today: the student agrees themself.
    expect((await create(auth, studentFields({ consent: 'student', dob: dobTurning18In(0) }))).statusCode).toBe(201);
  });

  it('stores who agreed, who recorded it, when and the notice shown, audits it, and answers it in the detail', async () => {
    const { auth, session } = await library();
    const response = await create(auth, studentFields({ consent: 'guardian', dob: dobTurning18In(200) }));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as string;
    const { rows } = await t.pool.query(
      `select consent_at is not null as at, consent_recorded_by, consent_given_by, consent_notice from students where id = $1`,
      [id],
    );
    const notice = p.defaultNotice(session.library.name, 90);
    expect(rows[0]).toEqual({
      at: true,
      consent_recorded_by: session.id,
      consent_given_by: 'guardian',
      consent_notice: notice,
    });
    const audit = await t.pool.query(
      `select admin_id, detail from audit_log where entity_id = $1 and action = 'student.consent'`,
      [id],
    );
    expect(audit.rows).toEqual([{ admin_id: session.id, detail: 'guardian' }]);
    const data = (await detail(auth, id)).data;
    expect(data.consent).toEqual({
      at: expect.any(String),
      given_by: 'guardian',
      recorded_by_name: session.name,
      notice,
    });
    expect(data.erase_due_on).toBeNull();
    expect(data.status).toBe('active');
  });

  it("records the owner's own notice, as it was when agreed", async () => {
    const { auth } = await library();
    const settings = (await t.app.inject({ url: '/api/settings', headers: auth })).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth,
      payload: { ...pick(settings), privacy_notice: 'Our own notice.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (await create(auth, studentFields())).json().data.id;
    expect((await detail(auth, id)).data.consent.notice).toBe('Our own notice.');
  });

  it('asks a student added before issue 19 for consent at their next save, and keeps it after', async () => {
    const { auth, libraryId } = await library();
    const legacy = await insertStudent(t.pool, libraryId);
    expect((await detail(auth, legacy.id)).data.consent).toBeNull();
    const refused = await update(auth, legacy.id, studentFields({ consent: '' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'consent', message: p.consent.required, messageCode: 'privacy.consent.required' },
    ]);
    expect((await update(auth, legacy.id, studentFields())).statusCode).toBe(200);
    // On record now: later saves need none.
    const again = await update(auth, legacy.id, studentFields({ consent: '' }));
    expect(again.statusCode, again.body).toBe(200);
    expect((await detail(auth, legacy.id)).data.consent.given_by).toBe('student');
  });

  it('answers an erased student without documents, and takes them back only with all three images and consent', async () => {
    const { auth } = await library();
    const fields = studentFields();
    const id = (await create(auth, fields)).json().data.id as string;
    // As the erasure leaves the row (helper h2's service does it through the API).
    await t.pool.query(
      `update students set aadhaar_encrypted = null, aadhaar_hash = null, aadhaar_last4 = null, profile_key = null,
         profile_thumb_key = null, front_image_key = null, back_image_key = null, documents_erased_at = now(),
         status = 'left', left_at = now() - interval '100 days' where id = $1`,
      [id],
    );
    const erased = (await detail(auth, id)).data;
    expect(erased).toMatchObject({
      aadhaar_number: '',
      front_image: null,
      back_image: null,
      profile: null,
      erase_due_on: null,
    });
    const listed = (await t.app.inject({ url: '/api/user?state=left', headers: auth })).json().data.students;
    expect(listed).toMatchObject([{ id, aadhaar_number: '', status: 'left', documents_erased_at: expect.any(String) }]);
    await t.pool.query(`update students set aadhaar_last4 = '9876' where id = $1`, [id]);
    expect(
      (await t.app.inject({ url: '/api/user?state=left', headers: auth })).json().data.students[0].aadhaar_number,
    ).toBe('XXXX XXXX 9876');

    const noImages = await update(auth, id, fields);
    expect(noImages.statusCode).toBe(400);
    expect(noImages.json().errors).toEqual([
      { field: 'profile', message: p.erase.documentsNeeded, messageCode: 'privacy.erase.documentsNeeded' },
      { field: 'front_image', message: p.erase.documentsNeeded, messageCode: 'privacy.erase.documentsNeeded' },
      { field: 'back_image', message: p.erase.documentsNeeded, messageCode: 'privacy.erase.documentsNeeded' },
    ]);
    const noConsent = await update(auth, id, { ...fields, consent: '' }, await threeImages());
    expect(noConsent.json().errors).toEqual([
      { field: 'consent', message: p.consent.required, messageCode: 'privacy.consent.required' },
    ]);
    const back = await update(auth, id, fields, await threeImages());
    expect(back.statusCode, back.body).toBe(200);
    const row = (
      await t.pool.query(
        `select documents_erased_at, aadhaar_encrypted is not null as held from students where id = $1`,
        [id],
      )
    ).rows[0];
    expect(row).toEqual({ documents_erased_at: null, held: true });
    expect((await detail(auth, id)).data.aadhaar_number).toBe(fields.aadhaar_number);
  });
});

function pick(settings: Record<string, unknown>) {
  const {
    upi_id,
    upi_payee_name,
    dues_expiring_days,
    dues_grace_days,
    reminder_template,
    auto_push_reminders,
    price_list,
  } = settings;
  return {
    upi_id,
    upi_payee_name,
    dues_expiring_days,
    dues_grace_days,
    reminder_template,
    auto_push_reminders,
    price_list,
  };
}

describe('settings: the privacy fields', () => {
  it('saves the notice, retention and last-four switch, keeps them when absent, and a blank notice is the default', async () => {
    const { auth, session } = await library();
    const base = pick((await t.app.inject({ url: '/api/settings', headers: auth })).json().data);
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload: body });
    const saved = await put({ ...base, privacy_notice: ' Ours. ', retention_days: 30, keep_aadhaar_last4: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      privacy_notice: 'Ours.',
      privacy_notice_text: 'Ours.',
      retention_days: 30,
      keep_aadhaar_last4: true,
    });
    const kept = (await put(base)).json().data;
    expect(kept).toMatchObject({ privacy_notice: 'Ours.', retention_days: 30, keep_aadhaar_last4: true });
    const cleared = (await put({ ...base, privacy_notice: '' })).json().data;
    expect(cleared).toMatchObject({
      privacy_notice: null,
      privacy_notice_text: p.defaultNotice(session.library.name, 30),
      retention_days: 30,
    });
    for (const [field, value, message, messageCode] of [
      ['retention_days', 3651, p.settings.retentionInvalid, 'privacy.settings.retentionInvalid'],
      ['retention_days', -1, p.settings.retentionInvalid, 'privacy.settings.retentionInvalid'],
      ['privacy_notice', 'x'.repeat(4001), p.settings.noticeTooLong, 'privacy.settings.noticeTooLong'],
    ] as const) {
      const refused = await put({ ...base, [field]: value });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().errors).toContainEqual({ field, message, messageCode });
    }
  });

  it("answers the student app the library's notice", async () => {
    const { auth, libraryId, session } = await library();
    const student = await insertStudent(t.pool, libraryId);
    const phone = await signInStudent(t.app, auth, student.id);
    const me = await t.app.inject({ url: '/api/student/me', headers: phone.auth });
    expect(me.json().data.library.privacy_notice).toBe(p.defaultNotice(session.library.name, 90));
  });
});

describe('leaving: POST /api/user/{id}/leave and /rejoin', () => {
  it('marks a student as left and back, 409 twice, lists them by state, and the desk may do it', async () => {
    const { auth, libraryId, session } = await library();
    const deskAuth = await desk(libraryId);
    const stay = await insertStudent(t.pool, libraryId, { firstName: 'Stays' });
    const goes = await insertStudent(t.pool, libraryId, { firstName: 'Goes' });
    const left = await leave(deskAuth, goes.id);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({
      status: true,
      message: p.leave.done,
      data: { id: goes.id, status: 'left', left_at: expect.any(String), documents_erased_at: null },
    });
    const twice = await leave(auth, goes.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(p.leave.alreadyLeft);

    const names = async (query: string) =>
      (await t.app.inject({ url: `/api/user${query}`, headers: auth }))
        .json()
        .data.students.map((s: { id: string }) => s.id);
    expect(await names('')).toEqual([stay.id]);
    expect(await names('?state=active')).toEqual([stay.id]);
    expect(await names('?state=left')).toEqual([goes.id]);
    const bad = await t.app.inject({ url: '/api/user?state=all', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(p.leave.stateFilterInvalid);

    const { rows } = await t.pool.query(
      `select to_char((left_at at time zone 'Asia/Kolkata')::date + 90, 'YYYY-MM-DD') as due, left_by from students where id = $1`,
      [goes.id],
    );
    expect((await detail(auth, goes.id)).data).toMatchObject({ status: 'left', erase_due_on: rows[0].due });

    const back = await rejoin(deskAuth, goes.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ message: p.leave.rejoined, data: { status: 'active', left_at: null } });
    const notLeft = await rejoin(auth, goes.id);
    expect(notLeft.statusCode).toBe(409);
    expect(notLeft.json().message).toBe(p.leave.notLeft);
    const audit = await t.pool.query(
      `select action from audit_log where library_id = $1 and entity_id = $2 order by created_at`,
      [session.library.id, goes.id],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['student.leave', 'student.rejoin']);
  });

  it("answers 404 for another library's student and a malformed id, and changes nothing", async () => {
    const mine = await library();
    const other = await library();
    const theirs = await insertStudent(t.pool, other.libraryId);
    for (const url of [`/api/user/${theirs.id}/leave`, '/api/user/not-a-uuid/leave', `/api/user/${theirs.id}/rejoin`]) {
      const response = await t.app.inject({ method: 'POST', url, headers: mine.auth });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await t.pool.query(`select status from students where id = $1`, [theirs.id])).rows[0].status).toBe(
      'active',
    );
  });

  it('ends the student app: sessions, phones, Web Push, pairing code and the live ID card', async () => {
    const { auth, libraryId } = await library();
    const student = await insertStudent(t.pool, libraryId);
    const phone = await signInStudent(t.app, auth, student.id);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('base64url')}`;
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: phone.auth,
      payload: { platform: 'web', subscription: createTestSubscription(endpoint).toJSON() },
      remoteAddress: address(),
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const code = (
      await t.app.inject({ method: 'POST', url: `/api/user/${student.id}/pairing-code`, headers: auth })
    ).json().data.code as string;
    const card = await t.app.inject({ method: 'POST', url: `/api/user/${student.id}/id-card`, headers: auth });
    expect(card.statusCode, card.body).toBe(201);

    expect((await leave(auth, student.id)).statusCode).toBe(200);
    const state = await t.pool.query(
      `select (select count(*)::int from student_sessions where student_id = $1 and revoked_at is null) as sessions,
              (select count(*)::int from student_devices where student_id = $1) as devices,
              (select count(*)::int from student_pairing_codes where student_id = $1) as codes,
              (select count(*)::int from student_id_cards where student_id = $1 and revoked_at is null) as cards`,
      [student.id],
    );
    expect(state.rows[0]).toEqual({ sessions: 0, devices: 0, codes: 0, cards: 0 });
    expect((await t.app.inject({ url: '/api/student/me', headers: phone.auth })).statusCode).toBe(401);

    // What an attacker holding the phone sends: the subscription again, the old code, a new code.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: phone.auth,
      payload: { platform: 'web', subscription: createTestSubscription(endpoint).toJSON() },
      remoteAddress: address(),
    });
    expect(again.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/student/session',
      payload: { pairing_code: code },
      remoteAddress: address(),
    });
    expect(signIn.statusCode).toBe(401);
    const newCode = await t.app.inject({ method: 'POST', url: `/api/user/${student.id}/pairing-code`, headers: auth });
    expect(newCode.statusCode).toBe(422);
    expect(newCode.json().message).toBe(p.leave.cannotPair);
    const newCard = await t.app.inject({ method: 'POST', url: `/api/user/${student.id}/id-card`, headers: auth });
    expect(newCard.statusCode).toBe(422);
    expect(newCard.json().message).toBe(p.leave.cannotBook);
    expect(
      (await t.pool.query(`select count(*)::int as n from student_devices where student_id = $1`, [student.id])).rows[0]
        .n,
    ).toBe(0);
  });
});

describe('a student who left cannot be booked', () => {
  it('refuses a new subscription, a renewal, a change of window and a check-in, and stores nothing', async () => {
    const { auth, libraryId } = await library();
    const student = await insertStudent(t.pool, libraryId);
    const created = await book(auth, student.id);
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json().data;
    expect((await leave(auth, student.id)).statusCode).toBe(200);

    const again = await book(auth, student.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: p.leave.cannotBook,
      errors: [{ field: 'student_id', message: p.leave.cannotBook }],
    });
    const renew = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${subscription.id}`,
      headers: { ...auth, 'idempotency-key': `renew-${randomBytes(4).toString('hex')}` },
      payload: { duration: 1, fee: 1000, mode: 'Cash' },
    });
    expect(renew.statusCode).toBe(422);
    expect(renew.json().message).toBe(p.leave.cannotBook);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/${subscription.id}`,
      headers: auth,
      payload: { start_time: '08:00', end_time: '16:00', is_reserved: false },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe(p.leave.cannotBook);
    const mobile = (await t.pool.query(`select mobile from students where id = $1`, [student.id])).rows[0].mobile;
    const checkIn = await t.app.inject({
      method: 'POST',
      url: '/api/attendance/check',
      headers: auth,
      payload: { mobile },
    });
    expect(checkIn.statusCode).toBe(422);
    expect(checkIn.json().message).toBe(p.leave.cannotBook);

    const rows = await t.pool.query(
      `select count(*)::int as subs, max(plan_expires_at)::text as expiry, max(start_time)::text as start,
              (select count(*)::int from fees where student_id = $1) as fees,
              (select count(*)::int from attendance_visits where student_id = $1) as visits
       from subscriptions where student_id = $1`,
      [student.id],
    );
    expect(rows.rows[0]).toEqual({
      subs: 1,
      expiry: subscription.plan_expires_at,
      start: '06:00:00',
      fees: 1,
      visits: 0,
    });
    // Back as a member, they are booked again.
    expect((await rejoin(auth, student.id)).statusCode).toBe(200);
    expect((await book(auth, student.id)).statusCode).toBe(201);
  });

  it('a leave and a booking sent together: the booking is refused, or it was made before the leave, never a 5xx', async () => {
    const { auth, libraryId } = await library();
    for (let round = 0; round < 8; round += 1) {
      const student = await insertStudent(t.pool, libraryId);
      const [left, booked] = await Promise.all([leave(auth, student.id), book(auth, student.id)]);
      expect(left.statusCode, left.body).toBe(200);
      expect([201, 422], booked.body).toContain(booked.statusCode);
      if (booked.statusCode === 422) expect(booked.json().message).toBe(p.leave.cannotBook);
      // Whatever the order, the plans held match the answers: nothing booked after a refusal.
      const held = (
        await t.pool.query(`select count(*)::int as n from subscriptions where student_id = $1`, [student.id])
      ).rows[0].n;
      expect(held).toBe(booked.statusCode === 201 ? 1 : 0);
    }
  });
});

describe('students who left are out of the active figures, kept in the books', () => {
  it('leaves the dashboard counts, the audience of notifications and the expiring group, not the unpaid one', async () => {
    const { auth, libraryId } = await library();
    const stays = await insertStudent(t.pool, libraryId);
    const goes = await insertStudent(t.pool, libraryId);
    for (const student of [stays, goes]) {
      const body = { ...subscriptionBody(student.id), fee: 400, price: 1000 };
      const created = await t.app.inject({ method: 'POST', url: '/api/subscription', headers: auth, payload: body });
      expect(created.statusCode, created.body).toBe(201);
    }
    await t.pool.query(
      `insert into student_devices (library_id, student_id, fcm_token, platform) values ($1, $2, $3, 'android'), ($1, $4, $5, 'android')`,
      [
        libraryId,
        stays.id,
        `token-${randomBytes(6).toString('hex')}`,
        goes.id,
        `token-${randomBytes(6).toString('hex')}`,
      ],
    );
    const dashboard = async () => (await t.app.inject({ url: '/api/dashboard/24_hour', headers: auth })).json().data;
    expect((await dashboard()).student).toEqual({ total: 2, activeSubscription: 2 });
    const dues = async (group: string) =>
      (await t.app.inject({ url: `/api/dues?group=${group}`, headers: auth })).json().data;
    const feeBefore = (await t.app.inject({ url: '/api/fee', headers: auth })).json().data;

    // The devices of the student who leaves go with them; put one back as a stale row would be.
    expect((await leave(auth, goes.id)).statusCode).toBe(200);
    await t.pool.query(
      `insert into student_devices (library_id, student_id, fcm_token, platform) values ($1, $2, $3, 'android')`,
      [libraryId, goes.id, `token-${randomBytes(6).toString('hex')}`],
    );
    expect((await dashboard()).student).toEqual({ total: 1, activeSubscription: 1 });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sendFCMNotificationToAllUsers',
      headers: auth,
      payload: { title: 'Closed', body: 'Closed on Sunday.', premiumOnly: false },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ audience: 1, devices: 1 });
    const recipients = await t.pool.query(`select student_id from notification_recipients where notification_id = $1`, [
      sent.json().data.notification.id,
    ]);
    expect(recipients.rows.map((row) => row.student_id)).not.toContain(goes.id);

    const unpaid = await dues('unpaid');
    expect(JSON.stringify(unpaid)).toContain(goes.id);
    // The fee report keeps their payment.
    expect((await t.app.inject({ url: '/api/fee', headers: auth })).json().data).toEqual(feeBefore);
    // Ending in a few days: due for renewal is only the member's plan.
    await t.pool.query(`update subscriptions set plan_expires_at = joining_date + 2 where library_id = $1`, [
      libraryId,
    ]);
    const expiring = JSON.stringify(await dues('expiring'));
    expect(expiring).toContain(stays.id);
    expect(expiring).not.toContain(goes.id);
  });
});
