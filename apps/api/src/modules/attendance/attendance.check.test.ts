import { describe, expect, it } from 'vitest';
import { messages, PASS_STEP_SECONDS, readPassCode, toBase64Url, fromBase64Url, makePassCode } from '@app/shared';
import { registerLibrary } from '../../test/helpers';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { cardCode, insertAttendancePlan, insertStudentSession, setCheckinRules } from './attendance.fixtures';
import { useClockedApp } from './attendance.test-app';

const m = messages.attendance;
// 10:00 in India (the registration's time zone) on Tuesday 24 November 2026.
const START = Date.parse('2026-11-24T04:30:00Z');
const t = useClockedApp(START);

type Auth = Record<string, string>;

const check = (auth: Auth, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/attendance/check', headers: auth, payload });

async function checked(auth: Auth, payload: object) {
  const response = await check(auth, payload);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.status).toBe(true);
  expect(body.message).toBe(body.data.message);
  return body.data;
}

async function visits(studentId: string) {
  const result = await t.pool.query(
    `select day::text, checked_out_at is null as open, method, subscription_id from attendance_visits
     where student_id = $1 order by checked_in_at`,
    [studentId],
  );
  return result.rows;
}

/** A library with one student on a plan for November, 06:00–14:00, paid, signed in on a phone. */
async function setup(plan: Partial<Parameters<typeof insertAttendancePlan>[3]> = {}) {
  t.clock.set(START);
  const { session, auth } = await registerLibrary(t.app);
  const libraryId = session.library.id;
  const student = await insertStudent(t.pool, libraryId, { firstName: 'Asha' });
  const subscriptionId = await insertAttendancePlan(t.pool, libraryId, student.id, {
    joining: '2026-11-01',
    expires: '2026-11-30',
    ...plan,
  });
  const phone = await insertStudentSession(t.pool, t.appSecret, libraryId, student.id);
  return { auth, libraryId, student, subscriptionId, phone };
}

describe('POST /api/attendance/check: in, ignored, out', () => {
  it('checks a pass in, ignores a scan within 60 s, checks out after it, and in again after another minute', async () => {
    const { auth, student, phone, subscriptionId } = await setup();
    const first = await checked(auth, { code: await phone.code(t.clock.now()) });
    expect(first).toMatchObject({
      outcome: 'in',
      message: m.checkedIn('Asha Test'),
      student: { id: student.id, first_name: 'Asha', mobile: student.mobile, photo_url: null },
      subscription: { id: subscriptionId, start_time: '06:00:00', end_time: '14:00:00', plan_expires_at: '2026-11-30' },
      visit: { day: '2026-11-24', checked_in_at: '2026-11-24T04:30:00.000Z', checked_out_at: null, method: 'pass' },
      balance: 0,
    });
    expect(first.reason).toBeUndefined();

    t.clock.advance(59);
    const again = await checked(auth, { code: await phone.code(t.clock.now()) });
    expect(again).toMatchObject({ outcome: 'ignored', message: m.ignored('Asha Test'), visit: { id: first.visit.id } });
    // The same code shown again at once is ignored too, not a replay.
    expect((await checked(auth, { code: await phone.code(START) })).outcome).toBe('ignored');
    expect(await visits(student.id)).toEqual([
      { day: '2026-11-24', open: true, method: 'pass', subscription_id: subscriptionId },
    ]);

    // The ignored scans did not move the minute on: 60 s after the check-in the next scan checks out.
    t.clock.set(START + 60_000);
    const out = await checked(auth, { code: await phone.code(t.clock.now()) });
    expect(out).toMatchObject({
      outcome: 'out',
      message: m.checkedOut('Asha Test'),
      visit: { id: first.visit.id, checked_out_at: '2026-11-24T04:31:00.000Z' },
    });
    t.clock.advance(30);
    expect((await checked(auth, { mobile: student.mobile })).outcome).toBe('ignored');
    t.clock.advance(31);
    const back = await checked(auth, { mobile: `+91 ${student.mobile}` });
    expect(back).toMatchObject({ outcome: 'in', visit: { method: 'mobile' } });
    expect(back.visit.id).not.toBe(first.visit.id);
    expect((await visits(student.id)).map((row) => row.open)).toEqual([false, true]);
  });

  it('checks in by a printed ID card and by a typed mobile number', async () => {
    const { auth, student, libraryId } = await setup();
    const issued = await t.app.inject({ method: 'POST', url: `/api/user/${student.id}/id-card`, headers: auth });
    expect(issued.statusCode, issued.body).toBe(201);
    const card = issued.json().data;
    expect(card.code).toBe(await cardCode(t.appSecret, card.id));
    expect(await checked(auth, { code: card.code })).toMatchObject({ outcome: 'in', visit: { method: 'card' } });

    const other = await insertStudent(t.pool, libraryId, { firstName: 'Ravi' });
    await insertAttendancePlan(t.pool, libraryId, other.id, { joining: '2026-11-01', expires: '2026-11-30' });
    expect(await checked(auth, { mobile: `0${other.mobile}` })).toMatchObject({
      outcome: 'in',
      student: { id: other.id },
      visit: { method: 'mobile' },
    });
  });

  it('names the seat and area of a reserved plan', async () => {
    const { auth, libraryId } = await setup();
    const areaId = await insertArea(t.pool, libraryId, { name: 'Silent Hall' });
    const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'A7' });
    const student = await insertStudent(t.pool, libraryId);
    await insertAttendancePlan(t.pool, libraryId, student.id, { joining: '2026-11-01', expires: '2026-11-30', seatId });
    expect(await checked(auth, { mobile: student.mobile })).toMatchObject({
      outcome: 'in',
      subscription: { seat_id: seatId, seat_name: 'A7', area_name: 'Silent Hall' },
    });
  });
});

describe('POST /api/attendance/check: the membership rules', () => {
  it('denies an expired plan naming its date, records nothing', async () => {
    const { auth, student } = await setup({ joining: '2026-10-01', expires: '2026-11-20' });
    const answer = await checked(auth, { mobile: student.mobile });
    expect(answer).toMatchObject({
      outcome: 'denied',
      reason: 'expired',
      message: m.denied.expired('2026-11-20'),
      student: { id: student.id },
    });
    expect(answer.message).toBe('Plan expired on 20/11/2026');
    expect(answer.visit).toBeUndefined();
    expect(await visits(student.id)).toEqual([]);
  });

  it('denies a plan not started yet naming its first day', async () => {
    const { auth, student } = await setup({ joining: '2026-12-01', expires: '2026-12-31' });
    const answer = await checked(auth, { mobile: student.mobile });
    expect(answer).toMatchObject({
      outcome: 'denied',
      reason: 'not_started',
      message: m.denied.notStarted('2026-12-01'),
    });
    expect(answer.message).toContain('01/12/2026');
  });

  it('denies a student with no plan', async () => {
    const { auth, libraryId } = await setup();
    const student = await insertStudent(t.pool, libraryId);
    expect(await checked(auth, { mobile: student.mobile })).toMatchObject({
      outcome: 'denied',
      reason: 'no_plan',
      message: m.denied.noPlan,
    });
  });

  it('denies outside the daily window naming it, and lets in the early minutes before it', async () => {
    const { auth, student, libraryId } = await setup({ start: '14:00', end: '20:00' });
    // 10:00: four hours early.
    const early = await checked(auth, { mobile: student.mobile });
    expect(early).toMatchObject({
      outcome: 'denied',
      reason: 'outside_window',
      message: m.denied.outsideWindow('14:00:00', '20:00:00', 15),
    });
    expect(early.message).toContain('2:00 PM–8:00 PM');
    expect(early.message).toContain('15 minutes');
    // 13:44 is 16 minutes early (refused), 13:45 is 15 (let in).
    t.clock.set('2026-11-24T08:14:00Z');
    expect((await checked(auth, { mobile: student.mobile })).reason).toBe('outside_window');
    t.clock.set('2026-11-24T08:15:00Z');
    expect((await checked(auth, { mobile: student.mobile })).outcome).toBe('in');

    // The owner allows 30 minutes: 13:30 is let in for another student; 0 minutes: 13:59 is not.
    await setCheckinRules(t.pool, libraryId, { earlyMinutes: 30 });
    const other = await insertStudent(t.pool, libraryId);
    await insertAttendancePlan(t.pool, libraryId, other.id, {
      joining: '2026-11-01',
      expires: '2026-11-30',
      start: '14:00',
      end: '20:00',
    });
    t.clock.set('2026-11-24T08:00:00Z');
    expect((await checked(auth, { mobile: other.mobile })).outcome).toBe('in');
    await setCheckinRules(t.pool, libraryId, { earlyMinutes: 0 });
    const third = await insertStudent(t.pool, libraryId);
    await insertAttendancePlan(t.pool, libraryId, third.id, {
      joining: '2026-11-01',
      expires: '2026-11-30',
      start: '14:00',
      end: '20:00',
    });
    t.clock.set('2026-11-24T08:29:00Z');
    const refused = await checked(auth, { mobile: third.mobile });
    expect(refused).toMatchObject({
      reason: 'outside_window',
      message: m.denied.outsideWindow('14:00:00', '20:00:00', 0),
    });
    // After the end (20:00) too.
    t.clock.set('2026-11-24T14:30:00Z');
    expect((await checked(auth, { mobile: third.mobile })).reason).toBe('outside_window');
  });

  it('denies a balance above the owner’s largest, naming the amount; at or under it lets in', async () => {
    const { auth, student, libraryId } = await setup({ price: 1500, paid: 700 });
    // No largest balance set: money never refuses.
    const free = await checked(auth, { mobile: student.mobile });
    expect(free).toMatchObject({ outcome: 'in', balance: 800 });
    const other = await insertStudent(t.pool, libraryId);
    await insertAttendancePlan(t.pool, libraryId, other.id, {
      joining: '2026-11-01',
      expires: '2026-11-30',
      price: 1500,
      paid: 700,
    });
    await setCheckinRules(t.pool, libraryId, { maxDue: 500 });
    const refused = await checked(auth, { mobile: other.mobile });
    expect(refused).toMatchObject({
      outcome: 'denied',
      reason: 'unpaid',
      balance: 800,
      message: m.denied.unpaid(800, 500),
    });
    expect(refused.message).toBe('Unpaid balance ₹800.00: more than the ₹500.00 allowed');
    await setCheckinRules(t.pool, libraryId, { maxDue: 800 });
    expect((await checked(auth, { mobile: other.mobile })).outcome).toBe('in');
  });

  it('lets a student checked in out even after their window ended', async () => {
    const { auth, student } = await setup({ end: '10:01' });
    expect((await checked(auth, { mobile: student.mobile })).outcome).toBe('in');
    t.clock.advance(3600);
    expect((await checked(auth, { mobile: student.mobile })).outcome).toBe('out');
  });
});

describe('POST /api/attendance/check: overnight windows and time zones', () => {
  it('a 22:00–06:00 window lets in from 21:45, through midnight, until 06:00, on the day it began', async () => {
    const { auth, libraryId } = await setup();
    const night = async (plan: { joining: string; expires: string }) => {
      const student = await insertStudent(t.pool, libraryId);
      await insertAttendancePlan(t.pool, libraryId, student.id, { ...plan, start: '22:00', end: '06:00' });
      return student;
    };
    const student = await night({ joining: '2026-11-01', expires: '2026-11-30' });
    // 02:00 IST on the 25th (20:30Z on the 24th): inside the window that began on the 24th.
    t.clock.set('2026-11-24T20:30:00Z');
    expect(await checked(auth, { mobile: student.mobile })).toMatchObject({
      outcome: 'in',
      visit: { day: '2026-11-25' },
    });
    // 06:30 IST: after it.
    const late = await night({ joining: '2026-11-01', expires: '2026-11-30' });
    t.clock.set('2026-11-25T01:00:00Z');
    expect(await checked(auth, { mobile: late.mobile })).toMatchObject({
      reason: 'outside_window',
      message: m.denied.outsideWindow('22:00:00', '06:00:00', 15),
    });
    expect((await checked(auth, { mobile: late.mobile })).message).toContain('10:00 PM–6:00 AM');
    // 21:45 IST: the early minutes.
    t.clock.set('2026-11-25T16:15:00Z');
    expect((await checked(auth, { mobile: late.mobile })).outcome).toBe('in');

    // A plan that ended on the 24th still covers the night that began on the 24th...
    const lastNight = await night({ joining: '2026-11-01', expires: '2026-11-24' });
    t.clock.set('2026-11-24T21:30:00Z'); // 03:00 IST on the 25th
    expect((await checked(auth, { mobile: lastNight.mobile })).outcome).toBe('in');
    // ...but not the next evening's.
    const ended = await night({ joining: '2026-11-01', expires: '2026-11-24' });
    t.clock.set('2026-11-25T16:45:00Z'); // 22:15 IST on the 25th
    expect(await checked(auth, { mobile: ended.mobile })).toMatchObject({
      reason: 'expired',
      message: m.denied.expired('2026-11-24'),
    });
    // A plan starting on the 25th does not cover the early hours of the 25th (that night began on the 24th).
    const starting = await night({ joining: '2026-11-25', expires: '2026-12-24' });
    t.clock.set('2026-11-24T21:30:00Z');
    expect(await checked(auth, { mobile: starting.mobile })).toMatchObject({
      reason: 'outside_window',
    });
  });

  it("uses the library's today where it differs from UTC's", async () => {
    const { auth, libraryId } = await setup();
    await t.pool.query(`update libraries set time_zone = 'America/New_York' where id = $1`, [libraryId]);
    // 03:00Z on the 24th is 22:00 on the 23rd in New York.
    t.clock.set('2026-11-24T03:00:00Z');
    const student = await insertStudent(t.pool, libraryId);
    await insertAttendancePlan(t.pool, libraryId, student.id, {
      joining: '2026-11-01',
      expires: '2026-11-23',
      start: '18:00',
      end: '23:00',
    });
    expect(await checked(auth, { mobile: student.mobile })).toMatchObject({
      outcome: 'in',
      visit: { day: '2026-11-23' },
    });
    const day = await t.app.inject({ url: '/api/attendance/day', headers: auth });
    expect(day.json().data).toMatchObject({ date: '2026-11-23', today: '2026-11-23', present: 1, inside: 1 });
    // 05:30Z is 00:30 on the 24th in New York: the plan ended yesterday there.
    t.clock.set('2026-11-24T05:30:00Z');
    const after = await insertStudent(t.pool, libraryId);
    await insertAttendancePlan(t.pool, libraryId, after.id, {
      joining: '2026-11-01',
      expires: '2026-11-23',
      start: '18:00',
      end: '23:00',
    });
    expect(await checked(auth, { mobile: after.mobile })).toMatchObject({
      reason: 'expired',
      message: m.denied.expired('2026-11-23'),
    });
  });
});

describe('POST /api/attendance/check: refused codes', () => {
  it('a forged MAC, a code naming no session and a code moved to another session are forged', async () => {
    const { auth, phone, student } = await setup();
    const code = await phone.code(t.clock.now());
    const bytes = fromBase64Url(code.slice(1))!;
    bytes[25] = bytes[25]! ^ 0x40;
    const forged = await checked(auth, { code: 'P' + toBase64Url(bytes) });
    expect(forged).toEqual({ outcome: 'denied', reason: 'forged', message: m.denied.forged, at: forged.at });

    const unknown = await makePassCode(phone.passKey, '00000000-0000-4000-8000-000000000000', t.clock.now());
    expect((await checked(auth, { code: unknown })).reason).toBe('forged');

    // Signed with the right key for another (made-up) session id: the server derives that id's key.
    const moved = Buffer.from(fromBase64Url(code.slice(1))!);
    moved[0] = moved[0]! ^ 1;
    expect((await checked(auth, { code: 'P' + moved.toString('base64url') })).reason).toBe('forged');

    // A key of our own making (not the server's).
    const selfMade = await makePassCode(toBase64Url(new Uint8Array(32).fill(7)), phone.id, t.clock.now());
    expect((await checked(auth, { code: selfMade })).reason).toBe('forged');
    expect(await visits(student.id)).toEqual([]);
  });

  it('a revoked session is revoked; a stale step is expired; a step used before is a replay', async () => {
    const { auth, phone, student, libraryId } = await setup();
    // Two steps old (and two ahead): expired.
    const old = await phone.code(t.clock.now() - 2 * PASS_STEP_SECONDS * 1000);
    expect(await checked(auth, { code: old })).toMatchObject({ reason: 'stale', message: m.denied.stale });
    const ahead = await phone.code(t.clock.now() + 2 * PASS_STEP_SECONDS * 1000);
    expect((await checked(auth, { code: ahead })).reason).toBe('stale');
    // One step either side is fresh.
    const previous = await phone.code(t.clock.now() - PASS_STEP_SECONDS * 1000);
    expect((await checked(auth, { code: previous })).outcome).toBe('in');

    // A code of the step after (a phone clock a little ahead) checks out 61 s later; showing it
    // again beyond the ignored minute, while still fresh, is a replay.
    t.clock.set(START + 61_000);
    const nextStep = await phone.code(t.clock.now() + PASS_STEP_SECONDS * 1000);
    expect((await checked(auth, { code: nextStep })).outcome).toBe('out');
    t.clock.set(START + 125_000);
    expect(readPassCode(nextStep)).toMatchObject({ kind: 'pass' });
    const replay = await checked(auth, { code: nextStep });
    expect(replay).toMatchObject({ outcome: 'denied', reason: 'replayed', message: m.denied.replayed });
    expect((await visits(student.id)).length).toBe(1);

    await t.pool.query(`update student_sessions set revoked_at = now() where id = $1`, [phone.id]);
    t.clock.advance(120);
    expect(await checked(auth, { code: await phone.code(t.clock.now()) })).toMatchObject({
      reason: 'revoked',
      message: m.denied.revoked,
    });
    // Another phone of the same student still works.
    const second = await insertStudentSession(t.pool, t.appSecret, libraryId, student.id);
    expect((await checked(auth, { code: await second.code(t.clock.now()) })).outcome).toBe('in');
  });

  it('a reissued or cancelled card is revoked', async () => {
    const { auth, student } = await setup();
    const url = `/api/user/${student.id}/id-card`;
    const first = (await t.app.inject({ method: 'POST', url, headers: auth })).json().data;
    const second = (await t.app.inject({ method: 'POST', url, headers: auth })).json().data;
    expect(second.id).not.toBe(first.id);
    expect(await checked(auth, { code: first.code })).toMatchObject({
      reason: 'card_revoked',
      message: m.denied.cardRevoked,
    });
    const cancelled = await t.app.inject({ method: 'DELETE', url, headers: auth });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toBe(m.cardRevokedDone);
    expect((await checked(auth, { code: second.code })).reason).toBe('card_revoked');
    // A forged card: a real card id with another MAC.
    const bytes = Buffer.from(second.code.slice(1), 'base64url');
    bytes[20] = bytes[20]! ^ 1;
    expect((await checked(auth, { code: 'C' + bytes.toString('base64url') })).reason).toBe('forged');
  });

  it("another library's pass, card and mobile: not for this library, naming nothing of it", async () => {
    const mine = await setup();
    const theirs = await setup();
    t.clock.set(START);
    const card = (
      await t.app.inject({ method: 'POST', url: `/api/user/${theirs.student.id}/id-card`, headers: theirs.auth })
    ).json().data;
    const pass = await checked(mine.auth, { code: await theirs.phone.code(t.clock.now()) });
    expect(pass).toEqual({ outcome: 'denied', reason: 'other_library', message: m.denied.otherLibrary, at: pass.at });
    const byCard = await checked(mine.auth, { code: card.code });
    expect(byCard).toEqual({
      outcome: 'denied',
      reason: 'other_library',
      message: m.denied.otherLibrary,
      at: byCard.at,
    });
    const byMobile = await checked(mine.auth, { mobile: theirs.student.mobile });
    expect(byMobile).toEqual({
      outcome: 'denied',
      reason: 'unknown_mobile',
      message: m.denied.unknownMobile,
      at: byMobile.at,
    });
    expect(await visits(theirs.student.id)).toEqual([]);
    // Their own desk lets them in with the same pass.
    expect((await checked(theirs.auth, { code: await theirs.phone.code(t.clock.now()) })).outcome).toBe('in');
  });

  it('malformed bodies are 400s with the message, and change nothing', async () => {
    const { auth, student, phone } = await setup();
    const code = await phone.code(t.clock.now());
    const cases: [object, string][] = [
      [{}, m.codeOrMobileRequired],
      [{ code: '   ' }, m.codeOrMobileRequired],
      [{ code, mobile: student.mobile }, m.codeOrMobileNotBoth],
      [{ code: code.slice(0, -3) }, m.codeInvalid],
      [{ code: 'https://example.com/not-a-pass' }, m.codeInvalid],
      [{ code: 'X'.repeat(500) }, m.codeInvalid],
      [{ code: 42 }, m.codeInvalid],
      [{ mobile: '12345' }, m.mobileInvalid],
      [{ mobile: 9876543210 }, m.mobileInvalid],
    ];
    for (const [payload, message] of cases) {
      const response = await check(auth, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ status: false, message });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/attendance/check', payload: { code } })).statusCode).toBe(
      401,
    );
    expect(await visits(student.id)).toEqual([]);
    const step = await t.pool.query(`select last_pass_step from student_sessions where id = $1`, [phone.id]);
    expect(step.rows[0].last_pass_step).toBeNull();
  });
});

describe('POST /api/attendance/check: two desks at once', () => {
  it('parallel scans of one student open one visit; the rest are ignored', async () => {
    const { auth, student, phone } = await setup();
    const code = await phone.code(t.clock.now());
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => checked(auth, index % 2 === 0 ? { code } : { mobile: student.mobile })),
    );
    const outcomes = answers.map((answer) => answer.outcome).sort();
    expect(outcomes).toEqual(['ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', 'in']);
    expect(await visits(student.id)).toHaveLength(1);

    // And parallel scans a minute later check out once.
    t.clock.advance(61);
    const later = await Promise.all(Array.from({ length: 6 }, () => checked(auth, { mobile: student.mobile })));
    expect(later.map((answer) => answer.outcome).sort()).toEqual([
      'ignored',
      'ignored',
      'ignored',
      'ignored',
      'ignored',
      'out',
    ]);
    expect((await visits(student.id)).map((row) => row.open)).toEqual([false]);
  });
});
