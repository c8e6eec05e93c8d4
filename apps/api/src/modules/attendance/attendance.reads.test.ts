import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { registerLibrary } from '../../test/helpers';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { insertAttendancePlan } from './attendance.fixtures';
import { useClockedApp } from './attendance.test-app';

const m = messages.attendance;
// 10:00 in India on Tuesday 24 November 2026.
const START = Date.parse('2026-11-24T04:30:00Z');
const t = useClockedApp(START);

type Auth = Record<string, string>;

const get = (auth: Auth, url: string) => t.app.inject({ url, headers: auth });

async function data(auth: Auth, url: string) {
  const response = await get(auth, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Checks a student in (or out) by mobile at an ISO instant. */
async function scan(auth: Auth, mobile: string, at: string) {
  t.clock.set(at);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attendance/check',
    headers: auth,
    payload: { mobile },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/**
 * A library in India with four students on November plans: Asha (seat A1 in Hall, 06:00–14:00)
 * came on the 20th, 21st and 24th (still inside); Bala (any seat, 14:00–20:00) came on the
 * 10th only; Chetan (06:00–14:00) never came; Devi's plan ended on the 15th (she came on the 14th).
 */
async function library() {
  const { session, auth } = await registerLibrary(t.app);
  const libraryId = session.library.id;
  const areaId = await insertArea(t.pool, libraryId, { name: 'Hall' });
  const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
  const student = async (firstName: string, plan: Parameters<typeof insertAttendancePlan>[3]) => {
    const row = await insertStudent(t.pool, libraryId, { firstName });
    await insertAttendancePlan(t.pool, libraryId, row.id, plan);
    return row;
  };
  const asha = await student('Asha', { joining: '2026-11-01', expires: '2026-11-30', seatId });
  const bala = await student('Bala', { joining: '2026-11-01', expires: '2026-11-30', start: '14:00', end: '20:00' });
  const chetan = await student('Chetan', { joining: '2026-11-18', expires: '2026-12-17' });
  const devi = await student('Devi', { joining: '2026-10-16', expires: '2026-11-15' });

  await scan(auth, asha.mobile, '2026-11-20T03:00:00Z'); // 08:30 IST in
  await scan(auth, asha.mobile, '2026-11-20T07:00:00Z'); // 12:30 out
  await scan(auth, asha.mobile, '2026-11-21T03:00:00Z');
  await scan(auth, asha.mobile, '2026-11-21T04:00:00Z');
  await scan(auth, bala.mobile, '2026-11-10T09:00:00Z'); // 14:30 IST
  await scan(auth, devi.mobile, '2026-11-14T03:00:00Z');
  await scan(auth, asha.mobile, '2026-11-24T03:30:00Z'); // 09:00 IST in, still inside
  t.clock.set(START);
  return { auth, libraryId, seatId, asha, bala, chetan, devi };
}

describe('attendance reads', () => {
  it("today's list, inside now, and another day's", async () => {
    const { auth, asha, seatId } = await library();
    const today = await data(auth, '/api/attendance/day');
    expect(today).toMatchObject({ date: '2026-11-24', today: '2026-11-24', present: 1, inside: 1 });
    expect(today.visits).toEqual([
      expect.objectContaining({
        student_id: asha.id,
        first_name: 'Asha',
        checked_in_at: '2026-11-24T03:30:00.000Z',
        checked_out_at: null,
        method: 'mobile',
        start_time: '06:00:00',
        end_time: '14:00:00',
        seat_id: seatId,
        seat_name: 'A1',
        area_name: 'Hall',
      }),
    ]);
    const inside = await data(auth, '/api/attendance/inside');
    expect(inside.count).toBe(1);
    expect(inside.visits[0]).toMatchObject({ student_id: asha.id, seat_id: seatId });

    const past = await data(auth, '/api/attendance/day?date=2026-11-20');
    expect(past).toMatchObject({ date: '2026-11-20', present: 1, inside: 0 });
    expect(past.visits[0]).toMatchObject({ checked_out_at: '2026-11-20T07:00:00.000Z' });

    const csv = await get(auth, '/api/attendance/day/export?date=2026-11-20');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attendance-2026-11-20.csv');
    expect(csv.body).toBe(
      `Name,Mobile,In,Out,Window,Seat,Area\r\nAsha Test,${asha.mobile},08:30,12:30,6:00 AM–2:00 PM,A1,Hall\r\n`,
    );

    const bad = await get(auth, '/api/attendance/day?date=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(m.dateInvalid);
  });

  it('a visit open for more than 20 hours is not inside now, and the next scan checks in afresh', async () => {
    const { auth, asha } = await library();
    t.clock.set('2026-11-25T02:00:00Z'); // 07:30 IST the next day: 23 h after the check-in
    expect((await data(auth, '/api/attendance/inside')).count).toBe(0);
    const answer = await scan(auth, asha.mobile, '2026-11-25T02:00:00Z');
    expect(answer).toMatchObject({ outcome: 'in', visit: { day: '2026-11-25' } });
    const visits = await t.pool.query(
      `select day::text, checked_out_at = checked_in_at as closed_at_in from attendance_visits
       where student_id = $1 and day >= '2026-11-24' order by day`,
      [asha.id],
    );
    expect(visits.rows).toEqual([
      { day: '2026-11-24', closed_at_in: true },
      { day: '2026-11-25', closed_at_in: null },
    ]);
  });

  it("a student's history: the month's visits, days present and the last 12 months", async () => {
    const { auth, asha, bala } = await library();
    const history = await data(auth, `/api/attendance/student/${asha.id}`);
    expect(history).toMatchObject({
      student: { id: asha.id, first_name: 'Asha' },
      month: '2026-11',
      days_present: 3,
      last_seen: '2026-11-24',
    });
    expect(history.visits.map((visit: { day: string }) => visit.day)).toEqual([
      '2026-11-24',
      '2026-11-21',
      '2026-11-20',
    ]);
    expect(history.months).toHaveLength(12);
    expect(history.months[0]).toEqual({ month: '2026-11', days_present: 3 });
    expect(history.months[11]).toEqual({ month: '2025-12', days_present: 0 });
    const october = await data(auth, `/api/attendance/student/${bala.id}?month=2026-10`);
    expect(october).toMatchObject({ month: '2026-10', days_present: 0, visits: [], last_seen: '2026-11-10' });
    expect((await get(auth, `/api/attendance/student/${asha.id}?month=2026-13`)).statusCode).toBe(400);
  });

  it('monthly attendance of every student with a plan or a visit in the month, and its CSV', async () => {
    const { auth, asha, bala, chetan, devi } = await library();
    const month = await data(auth, '/api/attendance/monthly');
    expect(month).toMatchObject({ month: '2026-11', days: 30 });
    expect(month.students).toEqual([
      {
        student_id: asha.id,
        first_name: 'Asha',
        last_name: 'Test',
        mobile: asha.mobile,
        days_present: 3,
        plan_days: 24,
        last_seen: '2026-11-24',
      },
      {
        student_id: bala.id,
        first_name: 'Bala',
        last_name: 'Test',
        mobile: bala.mobile,
        days_present: 1,
        plan_days: 24,
        last_seen: '2026-11-10',
      },
      {
        student_id: chetan.id,
        first_name: 'Chetan',
        last_name: 'Test',
        mobile: chetan.mobile,
        days_present: 0,
        plan_days: 7,
        last_seen: null,
      },
      {
        student_id: devi.id,
        first_name: 'Devi',
        last_name: 'Test',
        mobile: devi.mobile,
        days_present: 1,
        plan_days: 15,
        last_seen: '2026-11-14',
      },
    ]);
    const october = await data(auth, '/api/attendance/monthly?month=2026-10');
    expect(october).toMatchObject({ month: '2026-10', days: 31 });
    expect(october.students).toEqual([
      expect.objectContaining({ student_id: devi.id, days_present: 0, plan_days: 16 }),
    ]);
    const csv = await get(auth, '/api/attendance/monthly/export?month=2026-11');
    expect(csv.headers['content-disposition']).toContain('attendance-2026-11.csv');
    expect(csv.body.split('\r\n')).toEqual([
      'Name,Mobile,Days present,Days with a plan,Last seen',
      `Asha Test,${asha.mobile},3,24,2026-11-24`,
      `Bala Test,${bala.mobile},1,24,2026-11-10`,
      `Chetan Test,${chetan.mobile},0,7,`,
      `Devi Test,${devi.mobile},1,15,2026-11-14`,
      '',
    ]);
    expect((await get(auth, '/api/attendance/monthly?month=2026-1')).json().message).toBe(m.monthInvalid);
  });

  it('not seen for N days: students with a plan active today, longest absent first, and its CSV', async () => {
    const { auth, bala, chetan } = await library();
    // Bala: last seen on the 10th (14 days); Chetan: joined on the 18th, never seen (7 days);
    // Asha came today; Devi's plan has ended.
    const three = await data(auth, '/api/attendance/not-seen');
    expect(three).toMatchObject({ days: 3, today: '2026-11-24' });
    expect(three.students).toEqual([
      expect.objectContaining({
        student_id: bala.id,
        last_seen: '2026-11-10',
        days_absent: 14,
        start_time: '14:00:00',
      }),
      expect.objectContaining({
        student_id: chetan.id,
        last_seen: null,
        days_absent: 7,
        plan_expires_at: '2026-12-17',
      }),
    ]);
    const ten = await data(auth, '/api/attendance/not-seen?days=10');
    expect(ten.students.map((row: { student_id: string }) => row.student_id)).toEqual([bala.id]);
    expect((await data(auth, '/api/attendance/not-seen?days=7')).students).toHaveLength(2);
    expect((await data(auth, '/api/attendance/not-seen?days=8')).students).toHaveLength(1);
    const csv = await get(auth, '/api/attendance/not-seen/export?days=3');
    expect(csv.headers['content-disposition']).toContain('not-seen-3-days-2026-11-24.csv');
    expect(csv.body.split('\r\n')).toEqual([
      'Name,Mobile,Last seen,Days not seen,Window,Plan expires',
      `Bala Test,${bala.mobile},2026-11-10,14,2:00 PM–8:00 PM,2026-11-30`,
      `Chetan Test,${chetan.mobile},Never,7,6:00 AM–2:00 PM,2026-12-17`,
      '',
    ]);
    for (const days of ['0', '366', 'x', '2.5']) {
      const response = await get(auth, `/api/attendance/not-seen?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json().message).toBe(m.daysInvalid);
    }
  });
});

describe('ID cards', () => {
  it('issue, read, reissue and cancel; a student without one is a 404 with the message', async () => {
    const { session, auth } = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, session.library.id);
    const url = `/api/user/${student.id}/id-card`;
    const none = await get(auth, url);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ status: false, message: m.noCard });
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth })).json().message).toBe(m.noCard);

    const issued = await t.app.inject({ method: 'POST', url, headers: auth });
    expect(issued.statusCode).toBe(201);
    expect(issued.json()).toMatchObject({ status: true, message: m.cardIssued });
    const card = issued.json().data;
    expect(card).toMatchObject({ student_id: student.id });
    expect(card.code).toMatch(/^C[A-Za-z0-9_-]{38}$/);
    expect(await data(auth, url)).toEqual(card);
    const again = (await t.app.inject({ method: 'POST', url, headers: auth })).json().data;
    expect(again.code).not.toBe(card.code);
    expect(await data(auth, url)).toEqual(again);
    const live = await t.pool.query(
      `select count(*)::int as n from student_id_cards where student_id = $1 and revoked_at is null`,
      [student.id],
    );
    expect(live.rows[0].n).toBe(1);
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth })).statusCode).toBe(200);
    expect((await get(auth, url)).statusCode).toBe(404);
    const audit = await t.pool.query(
      `select action, entity_id, detail from audit_log where library_id = $1 and action like 'student.id_card%'
       order by created_at, action`,
      [session.library.id],
    );
    expect(audit.rows).toEqual([
      { action: 'student.id_card_issue', entity_id: student.id, detail: `Card ${card.id}` },
      {
        action: 'student.id_card_issue',
        entity_id: student.id,
        detail: `Card ${again.id}, replacing the earlier card`,
      },
      { action: 'student.id_card_revoke', entity_id: student.id, detail: `Card ${again.id}` },
    ]);
  });
});

describe('tenancy: another library’s ids', () => {
  it('every route with a student id answers 404 for another library’s student, and writes nothing', async () => {
    const mine = await registerLibrary(t.app);
    const theirs = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, theirs.session.library.id);
    await t.app.inject({ method: 'POST', url: `/api/user/${student.id}/id-card`, headers: theirs.auth });
    for (const [method, url] of [
      ['GET', `/api/attendance/student/${student.id}`],
      ['POST', `/api/user/${student.id}/id-card`],
      ['GET', `/api/user/${student.id}/id-card`],
      ['DELETE', `/api/user/${student.id}/id-card`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: mine.auth });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ status: false, message: m.studentNotFound });
    }
    const cards = await t.pool.query(`select revoked_at from student_id_cards where student_id = $1`, [student.id]);
    expect(cards.rows).toEqual([{ revoked_at: null }]);
    // Their visits are not in my lists.
    await t.pool.query(
      `insert into attendance_visits (library_id, student_id, day, method) values ($1, $2, '2026-11-24', 'mobile')`,
      [theirs.session.library.id, student.id],
    );
    expect((await data(mine.auth, '/api/attendance/day?date=2026-11-24')).visits).toEqual([]);
    expect((await data(mine.auth, '/api/attendance/inside')).count).toBe(0);
    expect((await data(mine.auth, '/api/attendance/monthly?month=2026-11')).students).toEqual([]);
  });
});
