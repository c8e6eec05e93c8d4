import { describe, expect, it } from 'vitest';
import {
  dueReference,
  formatRupees,
  messages,
  todayIn,
  upiPayLink,
  type DueRecord,
  type DuesSummary,
} from '@app/shared';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { insertPayment, insertPlan, setDuesSettings, setTimeZone } from './dues.fixtures';

const m = messages.dues;
const t = useTestApp();

type Auth = Record<string, string>;

async function library() {
  const { session, auth } = await registerLibrary(t.app);
  return { libraryId: session.library.id, auth, adminId: session.id, session };
}

/** A new student of the library with a plan; answers the subscription id. */
async function student(libraryId: string, firstName: string, plan: Parameters<typeof insertPlan>[3], mobile?: string) {
  const { id } = await insertStudent(t.pool, libraryId, { firstName, ...(mobile ? { mobile } : {}) });
  return { studentId: id, subscriptionId: await insertPlan(t.pool, libraryId, id, plan) };
}

async function dues(auth: Auth, query: string) {
  const response = await t.app.inject({ url: `/api/dues?${query}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { dues: DueRecord[]; pagination: { totalItems: number }; summary: DuesSummary } }>()
    .data;
}

const names = async (auth: Auth, query: string) => (await dues(auth, query)).dues.map((due) => due.first_name);

async function summary(auth: Auth) {
  const response = await t.app.inject({ url: '/api/dues/summary', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DuesSummary }>().data;
}

function remind(auth: Auth, subscriptionId: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/dues/${subscriptionId}/reminders`,
    headers: auth,
    payload: payload as object,
  });
}

async function reminderRows(subscriptionId: string) {
  const result = await t.pool.query(
    `select due_group, channel, stage, to_char(plan_expires_at, 'YYYY-MM-DD') as plan_expires_at, amount, sent_by
     from due_reminders where subscription_id = $1 order by sent_at`,
    [subscriptionId],
  );
  return result.rows;
}

describe('dues groups', () => {
  it('expiring: ends today to N days ahead; expired: ended yesterday back to the grace period (defaults 5 and 7)', async () => {
    const { libraryId, auth } = await library();
    for (const [name, expiresIn] of [
      ['Today', 0],
      ['Five', 5],
      ['Six', 6],
      ['Yesterday', -1],
      ['Seven', -7],
      ['Eight', -8],
    ] as const) {
      await student(libraryId, name, { expiresIn });
    }
    expect(await names(auth, 'group=expiring')).toEqual(['Today', 'Five']);
    expect(await names(auth, 'group=expired')).toEqual(['Seven', 'Yesterday']);
    expect(await names(auth, 'group=unpaid')).toEqual([]);
    // The default group is expiring.
    expect(await names(auth, '')).toEqual(['Today', 'Five']);
  });

  it("follows the library's settings for N and the grace period", async () => {
    const { libraryId, auth } = await library();
    await setDuesSettings(t.pool, libraryId, { expiringDays: 2, graceDays: 0 });
    for (const [name, expiresIn] of [
      ['Two', 2],
      ['Three', 3],
      ['Yesterday', -1],
    ] as const) {
      await student(libraryId, name, { expiresIn });
    }
    expect(await names(auth, 'group=expiring')).toEqual(['Two']);
    expect(await names(auth, 'group=expired')).toEqual([]);
    await setDuesSettings(t.pool, libraryId, { graceDays: 1 });
    expect(await names(auth, 'group=expired')).toEqual(['Yesterday']);
    expect((await summary(auth)).expiring_days).toBe(2);
  });

  it('leaves out a plan the student renewed with a later one, but not its unpaid balance', async () => {
    const { libraryId, auth } = await library();
    const renewed = await insertStudent(t.pool, libraryId, { firstName: 'Renewed' });
    await insertPlan(t.pool, libraryId, renewed.id, { expiresIn: 2, prices: [1000], payments: [400] });
    await insertPlan(t.pool, libraryId, renewed.id, { expiresIn: 32 });
    const lapsedBack = await insertStudent(t.pool, libraryId, { firstName: 'Back' });
    await insertPlan(t.pool, libraryId, lapsedBack.id, { expiresIn: -3 });
    await insertPlan(t.pool, libraryId, lapsedBack.id, { expiresIn: 27 });
    // Two plans ending the same day: neither ends later, so both are due.
    const twice = await insertStudent(t.pool, libraryId, { firstName: 'Twice' });
    await insertPlan(t.pool, libraryId, twice.id, { expiresIn: 1 });
    await insertPlan(t.pool, libraryId, twice.id, { expiresIn: 1, start: '15:00', end: '20:00' });

    expect(await names(auth, 'group=expiring')).toEqual(['Twice', 'Twice']);
    expect(await names(auth, 'group=expired')).toEqual([]);
    const unpaid = await dues(auth, 'group=unpaid');
    expect(unpaid.dues.map((due) => [due.first_name, due.amount_due])).toEqual([['Renewed', 600]]);
  });

  it('shows a plan expiring with a balance in both groups, with what each asks for', async () => {
    const { libraryId, auth } = await library();
    const { subscriptionId } = await student(libraryId, 'Half', { expiresIn: 1, prices: [1200], payments: [600] });
    const [expiring] = (await dues(auth, 'group=expiring')).dues;
    const [unpaid] = (await dues(auth, 'group=unpaid')).dues;
    expect(expiring).toMatchObject({
      subscription_id: subscriptionId,
      group: 'expiring',
      balance: 600,
      renewal_price: 1200,
      amount_due: 1800,
    });
    expect(unpaid).toMatchObject({
      subscription_id: subscriptionId,
      group: 'unpaid',
      balance: 600,
      renewal_price: 0,
      amount_due: 600,
    });
    expect(expiring!.upi_reference).toBe(dueReference(subscriptionId, expiring!.plan_expires_at, 'renewal'));
    expect(unpaid!.upi_reference).toBe(dueReference(subscriptionId, expiring!.plan_expires_at, 'balance'));
    const figures = await summary(auth);
    expect(figures.expiring).toEqual({ count: 1, amount: 1800 });
    expect(figures.unpaid).toEqual({ count: 1, amount: 600 });
    // Counted once, with the larger amount.
    expect(figures.outstanding).toEqual({ count: 1, amount: 1800 });
  });

  it("counts days on the library's calendar, where today is not UTC's", async () => {
    const { libraryId, auth } = await library();
    // Kiritimati (UTC+14) is a day ahead of UTC from 10:00 UTC; Pago Pago (UTC−11) a day behind before 11:00 UTC.
    const timeZone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await setTimeZone(t.pool, libraryId, timeZone);
    const libraryToday = todayIn(timeZone);
    const utcToday = new Date().toISOString().slice(0, 10);
    expect(libraryToday).not.toBe(utcToday);
    const ahead = libraryToday > utcToday;
    // Ahead of UTC: a plan that ended yesterday here ends "today" in UTC; behind: one ending today here ended "yesterday" there.
    await student(libraryId, 'Edge', { expiresIn: ahead ? -1 : 0 });
    const [due] = (await dues(auth, ahead ? 'group=expired' : 'group=expiring')).dues;
    expect(due).toMatchObject({ first_name: 'Edge' });
    expect(await names(auth, ahead ? 'group=expiring' : 'group=expired')).toEqual([]);
    const expected = new Date(Date.parse(`${libraryToday}T00:00:00Z`) + (ahead ? -1 : 0) * 86_400_000);
    expect(due!.plan_expires_at).toBe(expected.toISOString().slice(0, 10));
  });
});

describe('amounts due', () => {
  it('is the balance of several prices and payments plus the last agreed price, exact to the paisa', async () => {
    const { libraryId, auth } = await library();
    await student(libraryId, 'Many', {
      expiresIn: 3,
      prices: ['1000.10', '1100.20'],
      payments: ['1000', '0.10', '0.20'],
    });
    const [due] = (await dues(auth, 'group=expiring')).dues;
    expect(due).toMatchObject({ balance: 1100, renewal_price: 1100.2, amount_due: 2200.2 });
    const csv = await t.app.inject({ url: '/api/dues/export?group=expiring', headers: auth });
    expect(csv.body.split('\r\n')[1]).toContain(',1100.00,1100.20,2200.20,');
  });

  it("takes the renewal price from the price list's tiers, else the any-length entry, else the last price", async () => {
    const { libraryId, auth } = await library();
    const areaId = await insertArea(t.pool, libraryId);
    const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'R1' });
    await t.pool.query(
      `insert into price_list (library_id, duration_months, is_reserved, window_hours, price) values
         ($1, 1, false, 4, 500), ($1, 1, false, 8, 800), ($1, 1, false, null, 1000), ($1, 1, true, 8, 1300),
         ($1, 3, false, 24, 2700)`,
      [libraryId],
    );
    const plans: [string, Parameters<typeof insertPlan>[3], number][] = [
      ['Four', { expiresIn: 1, start: '06:00', end: '10:00', prices: [111] }, 500],
      ['Seven', { expiresIn: 1, start: '06:00', end: '13:00', prices: [111] }, 800],
      ['Eight', { expiresIn: 1, start: '06:00', end: '14:00:59', prices: [111] }, 800],
      ['Night', { expiresIn: 1, start: '22:00', end: '06:00', prices: [111] }, 800],
      ['Nine', { expiresIn: 1, start: '06:00', end: '15:00', prices: [111] }, 1000],
      ['Reserved', { expiresIn: 1, start: '06:00', end: '14:00', seatId, prices: [111] }, 1300],
      ['ReservedLong', { expiresIn: 1, start: '06:00', end: '16:00', seatId, prices: [111, 222] }, 222],
      ['Quarter', { expiresIn: 1, duration: 3, start: '00:00', end: '00:00', prices: [111] }, 2700],
      ['Half', { expiresIn: 1, duration: 6, prices: [111, 333] }, 333],
    ];
    for (const [name, plan] of plans) await student(libraryId, name, plan);
    const rows = (await dues(auth, 'group=expiring&sortBy=name&limit=25')).dues;
    expect(Object.fromEntries(rows.map((due) => [due.first_name, due.renewal_price]))).toEqual(
      Object.fromEntries(plans.map(([name, , price]) => [name, price])),
    );
    for (const due of rows) expect(due.amount_due).toBe(due.renewal_price);
  });

  it('builds the UPI link and the reminder from the settings, and none without a UPI ID', async () => {
    const { libraryId, auth, session } = await library();
    const { subscriptionId } = await student(libraryId, 'Asha', { expiresIn: 2, prices: [1500], payments: [1000.5] });
    const [without] = (await dues(auth, 'group=unpaid')).dues;
    expect(without!.upi_link).toBeNull();
    expect(without!.reminder_text).not.toContain('UPI');
    expect(without!.reminder_text).toContain(formatRupees(499.5));

    await setDuesSettings(t.pool, libraryId, {
      upiId: 'gyandeep@okaxis',
      payee: 'Gyan Deep',
      template: 'Namaste {name} ({library}): {amount} by {expiry}\nUPI: {upi_link}',
    });
    const [due] = (await dues(auth, 'group=unpaid')).dues;
    const link = upiPayLink({
      vpa: 'gyandeep@okaxis',
      payee: 'Gyan Deep',
      amount: 499.5,
      note: m.upiNote(session.library.name, 'Asha Test'),
      reference: dueReference(subscriptionId, due!.plan_expires_at, 'balance'),
    });
    expect(due!.upi_link).toBe(link);
    expect(due!.upi_link).toContain('am=499.50&cu=INR');
    const [year, month, day] = due!.plan_expires_at.split('-');
    expect(due!.reminder_text).toBe(
      `Namaste Asha (${session.library.name}): ${formatRupees(499.5)} by ${day}/${month}/${year}\nUPI: ${link}`,
    );
    expect(due!.has_device).toBe(false);
    await t.pool.query(
      `insert into student_devices (library_id, student_id, fcm_token, platform) values ($1, $2, 'dues-device', 'android')`,
      [libraryId, due!.student_id],
    );
    expect((await dues(auth, 'group=unpaid')).dues[0]!.has_device).toBe(true);
  });
});

describe('the list', () => {
  it('searches by name or mobile, sorts by the whitelist and pages', async () => {
    const { libraryId, auth } = await library();
    const people = ['Arjun', 'Bela', 'Chetan', 'Divya', 'Esha', 'Farhan', 'Gauri'];
    for (const [index, name] of people.entries()) {
      await student(
        libraryId,
        name,
        { expiresIn: 10 + index, prices: [1000], payments: [1000 - (index + 1) * 100] },
        `98000000${String(index).padStart(2, '0')}`,
      );
    }
    expect(await names(auth, 'group=unpaid&sortBy=amount_due&sortOrder=DESC')).toEqual(people.slice().reverse());
    const page2 = await dues(auth, 'group=unpaid&sortBy=name&limit=5&page=2');
    expect(page2.dues.map((due) => due.first_name)).toEqual(['Farhan', 'Gauri']);
    expect(page2.pagination).toMatchObject({ totalItems: 7, currentPage: 2, totalPages: 2 });
    expect(await names(auth, 'group=unpaid&sortBy=plan_expires_at&sortOrder=DESC&limit=5')).toEqual(
      people.slice().reverse().slice(0, 5),
    );
    expect(await names(auth, 'group=unpaid&search=esh')).toEqual(['Esha']);
    expect(await names(auth, 'group=unpaid&search=9800000003')).toEqual(['Divya']);
    expect(await names(auth, 'group=unpaid&search=%25')).toEqual([]);
    expect((await dues(auth, 'group=unpaid&search=esh')).pagination.totalItems).toBe(1);
    // The summary is the whole group's, whatever the search.
    expect((await dues(auth, 'group=unpaid&search=esh')).summary.unpaid).toEqual({ count: 7, amount: 2800 });
  });

  it('refuses bad queries with 400', async () => {
    const { auth } = await library();
    for (const query of ['group=owed', 'sortBy=amount;drop', 'sortBy=mobile', 'limit=11', 'page=0', 'sortOrder=up']) {
      const response = await t.app.inject({ url: `/api/dues?${query}`, headers: auth });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ status: false, code: 400 });
    }
  });

  it('shows the last reminder of this due only: its group and the plan’s current expiry, with who sent it', async () => {
    const { libraryId, auth } = await library();
    const reminded = await student(libraryId, 'Reminded', { expiresIn: 2, prices: [900], payments: [300] });
    const earlier = await student(libraryId, 'Earlier', { expiresIn: 3, prices: [900], payments: [300] });
    await student(libraryId, 'Never', { expiresIn: 4, prices: [900], payments: [300] });
    expect((await remind(auth, reminded.subscriptionId, { group: 'unpaid', channel: 'sms' })).statusCode).toBe(201);
    expect((await remind(auth, reminded.subscriptionId, { group: 'unpaid', channel: 'whatsapp' })).statusCode).toBe(
      201,
    );
    // A reminder about an earlier period of the plan is not about this due.
    await t.pool.query(
      `insert into due_reminders (library_id, subscription_id, due_group, channel, plan_expires_at, amount)
       select library_id, id, 'unpaid', 'sms', plan_expires_at - 30, 900 from subscriptions where id = $1`,
      [earlier.subscriptionId],
    );
    const unpaid = (await dues(auth, 'group=unpaid&sortBy=last_reminded_at')).dues;
    expect(unpaid.map((due) => due.first_name)).toEqual(['Earlier', 'Never', 'Reminded']);
    expect(unpaid[2]).toMatchObject({ last_reminder_channel: 'whatsapp', last_reminder_by: 'Ravi Kumar' });
    expect(Date.now() - Date.parse(unpaid[2]!.last_reminded_at!)).toBeLessThan(60_000);
    expect(unpaid[0]).toMatchObject({ last_reminded_at: null, last_reminder_channel: null, last_reminder_by: null });
    expect(await names(auth, 'group=unpaid&sortBy=last_reminded_at&sortOrder=DESC')).toEqual([
      'Reminded',
      'Earlier',
      'Never',
    ]);
    // The expiring group of the same plan has not been reminded.
    const [expiring] = (await dues(auth, 'group=expiring&search=Reminded')).dues;
    expect(expiring!.last_reminded_at).toBeNull();
  });

  it('exports a group as CSV with the search and sort, named after the group and the library’s today', async () => {
    const { libraryId, auth } = await library();
    const areaId = await insertArea(t.pool, libraryId, { name: 'Silent Hall' });
    const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'A7' });
    await student(libraryId, 'Zara', { expiresIn: 1, seatId, prices: [1500], payments: [500] }, '9811111111');
    await student(libraryId, 'Arjun', { expiresIn: 2, start: '22:00', end: '06:00', prices: [800], payments: [0] });
    await student(libraryId, '=cmd', { expiresIn: 2, prices: [800], payments: [799.99] });
    const other = await library();
    await student(other.libraryId, 'Stranger', { expiresIn: 1, prices: [900], payments: [0] });

    const response = await t.app.inject({
      url: '/api/dues/export?group=unpaid&sortBy=amount_due&sortOrder=DESC',
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="dues-unpaid-${todayIn('Asia/Kolkata')}.csv"`,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Student,Mobile,Seat,Time Slot,Expires,Balance (INR),Renewal Price (INR),Amount Due (INR),Last Reminder,Reminder Channel,Reminded By,UPI Reference',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^Zara Test,9811111111,A7 \(Silent Hall\),6:00 AM–2:00 PM,\d{2}\/\d{2}\/\d{4},1000\.00,0\.00,1000\.00,,,,SL/,
    );
    expect(lines[2]).toMatch(/^Arjun Test,\d{10},Any free seat,10:00 PM–6:00 AM,/);
    expect(lines[2]).toContain(',800.00,0.00,800.00,');
    // A cell a spreadsheet would run as a formula is defused.
    expect(lines[3]).toMatch(/^'=cmd Test,/);
    expect(lines[3]).toContain(',0.01,0.00,0.01,');
    expect(response.body).not.toContain('Stranger');

    const searched = await t.app.inject({ url: '/api/dues/export?group=unpaid&search=zar', headers: auth });
    expect(searched.body.trim().split('\r\n')).toHaveLength(2);
    const expiring = await t.app.inject({ url: '/api/dues/export?group=expiring', headers: auth });
    expect(expiring.headers['content-disposition']).toContain('dues-expiring-');
  });

  it('needs a session', async () => {
    for (const url of ['/api/dues', '/api/dues/summary', '/api/dues/export']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });
});

describe('the summary', () => {
  it('totals each group, counts every due once with its largest amount, and says whether reminders worked', async () => {
    const { libraryId, auth } = await library();
    // The first payments were made two months ago, before any reminder.
    const plan = (payment: number) => ({ expiresIn: 20, prices: [1000], payments: [payment], paidDaysAgo: 60 });
    const a = await student(libraryId, 'Paid', plan(200));
    const b = await student(libraryId, 'Late', plan(500));
    const c = await student(libraryId, 'Old', plan(100));
    const d = await student(libraryId, 'Twice', plan(300));
    await student(libraryId, 'Expiring', { expiresIn: 3, prices: [700] });
    await student(libraryId, 'Expired', { expiresIn: -2, prices: [650], payments: [600] });

    const sent = (subscriptionId: string, daysAgo: number) =>
      t.pool.query(
        `insert into due_reminders (library_id, subscription_id, due_group, channel, plan_expires_at, amount, sent_at)
         select library_id, id, 'unpaid', 'whatsapp', plan_expires_at, 1, now() - make_interval(secs => $2::float8 * 86400)
         from subscriptions where id = $1`,
        [subscriptionId, daysAgo],
      );
    const paid = (due: { subscriptionId: string; studentId: string }, amount: number, daysAgo: number) =>
      insertPayment(t.pool, libraryId, due.subscriptionId, due.studentId, amount, daysAgo);
    // Reminded 5 days ago, paid 3 days ago and today: worked (₹300 and ₹100, both within the week).
    await sent(a.subscriptionId, 5);
    await paid(a, 300, 3);
    await paid(a, 100, 0.5);
    // Reminded 20 days ago, paid 10 days after: too late. A payment before a reminder never counts.
    await sent(b.subscriptionId, 20);
    await paid(b, 100, 10);
    await paid(b, 50, 25);
    // Reminded 40 days ago: outside the 30 days.
    await sent(c.subscriptionId, 40);
    await paid(c, 100, 39);
    // First reminded 6 days ago, again yesterday: the week runs from the first.
    await sent(d.subscriptionId, 6);
    await sent(d.subscriptionId, 1);
    await paid(d, 200, 2);

    const figures = await summary(auth);
    expect(figures.reminders).toEqual({ reminded: 3, paid: 2, amount: 600 });
    // Unpaid: 400 + 350 + 800 + 500 and the expired plan's 50.
    expect(figures.unpaid).toEqual({ count: 5, amount: 2100 });
    expect(figures.expiring).toEqual({ count: 1, amount: 700 });
    expect(figures.expired).toEqual({ count: 1, amount: 700 });
    expect(figures.outstanding).toEqual({ count: 6, amount: 400 + 350 + 800 + 500 + 700 + 700 });
    expect(figures).toMatchObject({ expiring_days: 5, grace_days: 7 });
    expect((await dues(auth, 'group=expired')).summary).toEqual(figures);
  });

  it('answers zeros for a library with no dues', async () => {
    const { auth } = await library();
    expect(await summary(auth)).toEqual({
      expiring: { count: 0, amount: 0 },
      expired: { count: 0, amount: 0 },
      unpaid: { count: 0, amount: 0 },
      outstanding: { count: 0, amount: 0 },
      reminders: { reminded: 0, paid: 0, amount: 0 },
      expiring_days: 5,
      grace_days: 7,
    });
  });
});

describe('POST /api/dues/:subscriptionId/reminders', () => {
  it('records when, who, the channel, the amount and the expiry, and writes the audit log', async () => {
    const { libraryId, auth, adminId } = await library();
    const due = await student(libraryId, 'Asha', { expiresIn: 1, prices: [1200], payments: [700] });
    const response = await remind(auth, due.subscriptionId, { group: 'expiring', channel: 'whatsapp' });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: true,
      message: m.reminderRecorded,
      data: {
        subscription_id: due.subscriptionId,
        group: 'expiring',
        channel: 'whatsapp',
        amount: 1700,
        sent_by_name: 'Ravi Kumar',
      },
    });
    expect(body.data.sent_by).toBe(adminId);
    const [expiring] = (await dues(auth, 'group=expiring')).dues;
    expect(await reminderRows(due.subscriptionId)).toEqual([
      {
        due_group: 'expiring',
        channel: 'whatsapp',
        stage: null,
        plan_expires_at: expiring!.plan_expires_at,
        amount: '1700.00',
        sent_by: adminId,
      },
    ]);
    const audit = await t.pool.query(
      `select action, entity_type, entity_id, detail from audit_log where library_id = $1 and action = 'due.remind'`,
      [libraryId],
    );
    expect(audit.rows).toEqual([
      {
        action: 'due.remind',
        entity_type: 'subscription',
        entity_id: due.subscriptionId,
        detail: 'expiring by whatsapp',
      },
    ]);
  });

  it('refuses a due not in that group now, and a paid-up plan, with 404 and writes nothing', async () => {
    const { libraryId, auth } = await library();
    const expiring = await student(libraryId, 'Soon', { expiresIn: 2 });
    const renewed = await insertStudent(t.pool, libraryId, { firstName: 'Renewed' });
    const old = await insertPlan(t.pool, libraryId, renewed.id, { expiresIn: -2 });
    await insertPlan(t.pool, libraryId, renewed.id, { expiresIn: 28 });
    for (const [subscriptionId, group] of [
      [expiring.subscriptionId, 'expired'],
      [expiring.subscriptionId, 'unpaid'],
      [old, 'expired'],
      ['00000000-0000-4000-8000-000000000000', 'expiring'],
    ] as const) {
      const response = await remind(auth, subscriptionId, { group, channel: 'sms' });
      expect(response.statusCode, `${group} ${response.body}`).toBe(404);
      expect(response.json()).toMatchObject({ status: false, code: 404, message: m.dueNotFound });
    }
    expect(await reminderRows(expiring.subscriptionId)).toEqual([]);
    expect(await reminderRows(old)).toEqual([]);
  });

  it('refuses a mobile that cannot take WhatsApp with 422 on mobile, for SMS too', async () => {
    const { libraryId, auth } = await library();
    const due = await student(libraryId, 'Landline', { expiresIn: 2 }, '5123456789');
    for (const channel of ['whatsapp', 'sms']) {
      const response = await remind(auth, due.subscriptionId, { group: 'expiring', channel });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        status: false,
        code: 422,
        message: m.noWhatsApp,
        errors: [{ field: 'mobile', message: m.noWhatsApp }],
      });
    }
    expect(await reminderRows(due.subscriptionId)).toEqual([]);
  });

  it("answers 404 for another library's due and writes nothing", async () => {
    const owner = await library();
    const due = await student(owner.libraryId, 'Owned', { expiresIn: 1, prices: [900], payments: [0] });
    const intruder = await library();
    for (const group of ['expiring', 'unpaid']) {
      const response = await remind(intruder.auth, due.subscriptionId, { group, channel: 'whatsapp' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Owned');
    }
    expect(await reminderRows(due.subscriptionId)).toEqual([]);
    const audit = await t.pool.query(`select 1 from audit_log where action = 'due.remind' and entity_id = $1`, [
      due.subscriptionId,
    ]);
    expect(audit.rows).toEqual([]);
  });

  it('refuses bad input with 400 and the field, and needs a session', async () => {
    const { libraryId, auth } = await library();
    const due = await student(libraryId, 'Asha', { expiresIn: 1 });
    const cases: [string, unknown, string][] = [
      [due.subscriptionId, { group: 'expiring', channel: 'push' }, 'channel'],
      [due.subscriptionId, { group: 'overdue', channel: 'sms' }, 'group'],
      [due.subscriptionId, {}, 'group'],
      ['not-a-uuid', { group: 'expiring', channel: 'sms' }, 'subscriptionId'],
    ];
    for (const [id, payload, field] of cases) {
      const response = await remind(auth, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/dues/${due.subscriptionId}/reminders`,
      payload: { group: 'expiring', channel: 'sms' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await reminderRows(due.subscriptionId)).toEqual([]);
  });
});
