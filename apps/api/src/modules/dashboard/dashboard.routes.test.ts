import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS, messages } from '@app/shared';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { withLanguage } from '../../plugins/language';
import { registerLibrary, useTestApp } from '../../test/helpers';

const t = useTestApp();

/** Inserts a fee (and the subscription it pays for) created at `at`. */
async function insertFee(
  libraryId: string,
  studentId: string,
  fee: { at: string; amount: number; mode: string; kind: 'new' | 'renewal'; duration: number; reserved?: boolean },
) {
  const subscription = await t.pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, false, '06:00', '14:00', current_date - 400, current_date - 370, $3) returning id`,
    [libraryId, studentId, fee.duration],
  );
  await t.pool.query(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $9::timestamptz)`,
    [
      libraryId,
      subscription.rows[0]!.id,
      studentId,
      fee.amount,
      fee.duration,
      fee.mode,
      fee.kind,
      fee.reserved ?? false,
      fee.at,
    ],
  );
}

/** The library's midnight (Asia/Kolkata, UTC+5:30) `days` days before today, as an instant. */
async function localMidnightDaysAgo(days: number): Promise<Date> {
  const result = await t.pool.query<{ at: Date }>(
    `select ((date_trunc('day', now() at time zone 'Asia/Kolkata') - make_interval(days => $1)) at time zone 'Asia/Kolkata') as at`,
    [days],
  );
  return result.rows[0]!.at;
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('GET /api/dashboard/:period', () => {
  let auth: Record<string, string>;

  beforeAll(async () => {
    const library = await registerLibrary(t.app);
    auth = library.auth;
    const libraryId = library.session.library.id;
    const asha = await insertStudent(t.pool, libraryId, { firstName: 'Asha' });
    const ravi = await insertStudent(t.pool, libraryId, { firstName: 'Ravi' });
    await insertStudent(t.pool, libraryId, { firstName: 'Idle' });
    const startOf7Days = await localMidnightDaysAgo(6);
    await insertFee(libraryId, asha.id, { at: ago(HOUR), amount: 100, mode: 'Cash', kind: 'new', duration: 1 });
    await insertFee(libraryId, ravi.id, {
      at: ago(30 * HOUR),
      amount: 200,
      mode: 'UPI',
      kind: 'renewal',
      duration: 3,
      reserved: true,
    });
    await insertFee(libraryId, asha.id, {
      at: startOf7Days.toISOString(),
      amount: 300,
      mode: 'Card',
      kind: 'new',
      duration: 1,
    });
    await insertFee(libraryId, ravi.id, {
      at: new Date(startOf7Days.getTime() - 1000).toISOString(),
      amount: 400,
      mode: 'Cash',
      kind: 'new',
      duration: 1,
    });
    await insertFee(libraryId, asha.id, {
      at: ago(40 * DAY),
      amount: 500,
      mode: 'UPI',
      kind: 'renewal',
      duration: 3,
      reserved: true,
    });
    await insertFee(libraryId, ravi.id, { at: ago(200 * DAY), amount: 600, mode: 'Cheque', kind: 'new', duration: 6 });
    await insertFee(libraryId, asha.id, {
      at: ago(500 * DAY),
      amount: 700,
      mode: 'Bank Transfer',
      kind: 'new',
      duration: 12,
    });
    // Asha is active today on a 1-month plan; Ravi's only subscriptions above are long over.
    await t.pool.query(
      `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
       values ($1, $2, false, '06:00', '14:00', current_date - 3, current_date + 20, 1)`,
      [libraryId, asha.id],
    );
    const areaId = await insertArea(t.pool, libraryId);
    await insertSeat(t.pool, libraryId, areaId, { name: 'A1' });
    await insertSeat(t.pool, libraryId, areaId, { name: 'A2' });
    await insertSeat(t.pool, libraryId, areaId, { name: 'A3', status: 'inactive' });

    // Another library's money must never show up.
    const other = await registerLibrary(t.app);
    const stranger = await insertStudent(t.pool, other.session.library.id);
    await insertFee(other.session.library.id, stranger.id, {
      at: ago(HOUR),
      amount: 99999,
      mode: 'Cash',
      kind: 'new',
      duration: 1,
    });
  });

  const expected: Record<string, { revenue: number; transaction: number }> = {
    '24_hour': { revenue: 100, transaction: 1 },
    '7_days': { revenue: 600, transaction: 3 },
    '1_month': { revenue: 1000, transaction: 4 },
    '3_months': { revenue: 1500, transaction: 5 },
    '6_months': { revenue: 1500, transaction: 5 },
    '9_months': { revenue: 2100, transaction: 6 },
    '1_year': { revenue: 2100, transaction: 6 },
    lifetime: { revenue: 2800, transaction: 7 },
  };

  it.each(DASHBOARD_PERIODS)(
    'counts the fees of %s, boundaries included, and nothing of other libraries',
    async (period) => {
      const response = await t.app.inject({ url: `/api/dashboard/${period}`, headers: auth });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      const want = expected[period]!;
      expect(data.revenue).toEqual({
        revenue: want.revenue,
        transaction: want.transaction,
        avg_transaction: Math.round((want.revenue / want.transaction) * 100) / 100,
      });
      expect(data.student).toEqual({ total: 3, activeSubscription: 1 });
      expect(data.seat).toEqual({ total: 3, active: 2, inactive: 1 });
      // The chart and the payment-mode split add up to the same money.
      const chartTotal = data.financialStats.reduce(
        (sum: number, point: { revenue: number }) => sum + point.revenue,
        0,
      );
      const modesTotal = data.contentStats.reduce((sum: number, mode: { amount: number }) => sum + mode.amount, 0);
      expect(chartTotal).toBe(want.revenue);
      expect(modesTotal).toBe(want.revenue);
      expect(data.contentStats.map((mode: { mode: string }) => mode.mode)).toEqual([
        'Cash',
        'UPI',
        'Card',
        'Bank Transfer',
        'Cheque',
      ]);
      expect(data.recentTransactions).toHaveLength(7);
      expect(data.recentTransactions[0]).toMatchObject({ amount: 100, type: 'New' });
      expect(data.recentTransactions.some((fee: { amount: number }) => fee.amount === 99999)).toBe(false);
    },
  );

  it('buckets the chart by hour, day or month', async () => {
    const day = (await t.app.inject({ url: '/api/dashboard/24_hour', headers: auth })).json().data;
    expect(day.bucket).toBe('hour');
    expect(day.financialStats.length).toBeGreaterThanOrEqual(24);
    const week = (await t.app.inject({ url: '/api/dashboard/7_days', headers: auth })).json().data;
    expect(week.bucket).toBe('day');
    expect(week.financialStats).toHaveLength(7);
    const year = (await t.app.inject({ url: '/api/dashboard/1_year', headers: auth })).json().data;
    expect(year.bucket).toBe('month');
    expect(year.financialStats.length).toBeGreaterThanOrEqual(12);
  });

  it('ranks plans by revenue and counts active subscribers per plan', async () => {
    const data = (await t.app.inject({ url: '/api/dashboard/lifetime', headers: auth })).json().data;
    expect(data.topContent[0]).toEqual({
      thumbnailUrl: null,
      contentType: 'Non-reserved seat',
      title: '1 Month · Non Reserved',
      description: '1 month plan, any free seat',
      revenue: 800,
      totalSales: 3,
    });
    // Ties on revenue go to the plan sold more often.
    expect(
      data.topContent.map((plan: { title: string; revenue: number; totalSales: number }) => [
        plan.title,
        plan.revenue,
        plan.totalSales,
      ]),
    ).toEqual([
      ['1 Month · Non Reserved', 800, 3],
      ['3 Months · Reserved', 700, 2],
      ['12 Months · Non Reserved', 700, 1],
      ['6 Months · Non Reserved', 600, 1],
    ]);
    expect(data.subscriptionStats).toEqual([
      { planName: '1 Month plan', description: 'Students on a 1 month plan today', totalSubscribers: 1 },
    ]);
  });

  it("names the plans in the request's language, one request after another", async () => {
    const plans = messages.dashboard.plans;
    const inHindi = withLanguage('hi', () => ({
      title: plans.title(1, false),
      description: plans.description(1, false),
      contentType: plans.contentType.open,
      name: plans.name(1),
      subscribers: plans.subscribers(1),
    }));
    expect(inHindi.title).not.toBe('1 Month · Non Reserved');
    for (const language of ['en', 'hi', 'en', 'hi']) {
      const data = (
        await t.app.inject({ url: '/api/dashboard/lifetime', headers: { ...auth, 'accept-language': language } })
      ).json().data;
      const want =
        language === 'hi'
          ? inHindi
          : {
              title: '1 Month · Non Reserved',
              description: '1 month plan, any free seat',
              contentType: 'Non-reserved seat',
              name: '1 Month plan',
              subscribers: 'Students on a 1 month plan today',
            };
      expect(data.topContent[0]).toMatchObject({
        title: want.title,
        description: want.description,
        contentType: want.contentType,
      });
      expect(data.subscriptionStats[0]).toMatchObject({ planName: want.name, description: want.subscribers });
    }
  });

  it('refuses an unknown period with 400', async () => {
    const response = await t.app.inject({ url: '/api/dashboard/2_weeks', headers: auth });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, code: 400, message: messages.dashboard.unknownPeriod });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/dashboard/24_hour' })).statusCode).toBe(401);
  });
});

/**
 * Issue 18: the period's bounds are worked out before the figures' query, from the library's
 * own time zone. A library in Tokyo (UTC+9): its midnight is 15:00 UTC the day before.
 */
describe('GET /api/dashboard/:period in a library east of UTC, with voids, refunds and leavers', () => {
  let auth: Record<string, string>;

  /** Tokyo's midnight `days` days before Tokyo's today, as an instant. */
  async function tokyoMidnightDaysAgo(days: number): Promise<Date> {
    const result = await t.pool.query<{ at: Date }>(
      `select ((date_trunc('day', now() at time zone 'Asia/Tokyo') - make_interval(days => $1)) at time zone 'Asia/Tokyo') as at`,
      [days],
    );
    return result.rows[0]!.at;
  }

  /** Tokyo's date `days` days before Tokyo's today, `YYYY-MM-DD`. */
  async function tokyoDateDaysAgo(days: number): Promise<string> {
    const result = await t.pool.query<{ date: string }>(
      `select to_char((now() at time zone 'Asia/Tokyo')::date - $1::int, 'YYYY-MM-DD') as date`,
      [days],
    );
    return result.rows[0]!.date;
  }

  async function fee(
    libraryId: string,
    studentId: string,
    values: { at: Date; amount: number; mode: string; kind?: string; voided?: boolean; adjusts?: string },
  ) {
    const subscription = await t.pool.query<{ id: string }>(
      `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
       values ($1, $2, false, '06:00', '14:00', current_date - 400, current_date - 370, 1) returning id`,
      [libraryId, studentId],
    );
    const inserted = await t.pool.query<{ id: string }>(
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at, updated_at,
                         voided_at, void_reason, adjusts_id, reason)
       values ($1, $2, $3, $4, 1, $5, $6, false, $7, $7, $8, $9, $10, $11) returning id`,
      [
        libraryId,
        subscription.rows[0]!.id,
        studentId,
        values.amount,
        values.mode,
        values.kind ?? 'new',
        values.at,
        values.voided ? values.at : null,
        values.voided ? 'Recorded twice' : null,
        values.adjusts ?? null,
        values.adjusts ? 'Refund' : null,
      ],
    );
    return inserted.rows[0]!.id;
  }

  let firstDay: string;
  let fiveDaysAgo: string;

  beforeAll(async () => {
    const library = await registerLibrary(t.app);
    auth = library.auth;
    const libraryId = library.session.library.id;
    await t.pool.query(`update libraries set time_zone = 'Asia/Tokyo' where id = $1`, [libraryId]);
    const member = await insertStudent(t.pool, libraryId, { firstName: 'Mei' });
    const leaver = await insertStudent(t.pool, libraryId, { firstName: 'Ken' });
    const start = await tokyoMidnightDaysAgo(6);
    firstDay = await tokyoDateDaysAgo(6);
    fiveDaysAgo = await tokyoDateDaysAgo(5);
    // On the period's first instant: counted, in its first day.
    await fee(libraryId, member.id, { at: start, amount: 300, mode: 'Card' });
    // A millisecond before it: outside.
    await fee(libraryId, member.id, { at: new Date(start.getTime() - 1), amount: 4000, mode: 'Cash' });
    // 00:30 in Tokyo five days ago is 15:30 UTC the day before: it belongs to Tokyo's day.
    const paid = await fee(libraryId, leaver.id, {
      at: new Date(start.getTime() + DAY + 30 * 60_000),
      amount: 500,
      mode: 'UPI',
    });
    // Refunded in part the next day: the refund lowers the money, and is not a transaction.
    await fee(libraryId, leaver.id, {
      at: new Date(start.getTime() + 2 * DAY),
      amount: -200,
      mode: 'UPI',
      kind: 'adjustment',
      adjusts: paid,
    });
    // Voided: counts for nothing.
    await fee(libraryId, member.id, {
      at: new Date(start.getTime() + 3 * DAY),
      amount: 9000,
      mode: 'Cash',
      voided: true,
    });
    // Both on a plan today; Ken has left, so only Mei counts.
    for (const student of [member, leaver]) {
      await t.pool.query(
        `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
         values ($1, $2, false, '06:00', '14:00', current_date - 3, current_date + 20, 1)`,
        [libraryId, student.id],
      );
    }
    await t.pool.query(`update students set status = 'left', left_at = now() where id = $1`, [leaver.id]);
  });

  it('starts 7 days at the library’s midnight and buckets by its days', async () => {
    const response = await t.app.inject({ url: '/api/dashboard/7_days', headers: auth });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.periodStart).toBe((await tokyoMidnightDaysAgo(6)).toISOString().replace('.000Z', 'Z'));
    expect(data.revenue).toEqual({ revenue: 600, transaction: 2, avg_transaction: 300 });
    expect(data.financialStats).toHaveLength(7);
    expect(data.financialStats[0]).toEqual({ date: firstDay, revenue: 300, transactions: 1 });
    expect(data.financialStats[1]).toEqual({ date: fiveDaysAgo, revenue: 500, transactions: 1 });
    expect(data.financialStats.reduce((sum: number, point: { revenue: number }) => sum + point.revenue, 0)).toBe(600);
    expect(data.contentStats).toEqual([
      { mode: 'Cash', amount: 0, count: 0 },
      { mode: 'UPI', amount: 300, count: 1 },
      { mode: 'Card', amount: 300, count: 1 },
      { mode: 'Bank Transfer', amount: 0, count: 0 },
      { mode: 'Cheque', amount: 0, count: 0 },
    ]);
    expect(data.topContent).toMatchObject([{ title: '1 Month · Non Reserved', revenue: 600, totalSales: 2 }]);
  });

  it('counts the fee a millisecond before in lifetime, never the voided one', async () => {
    const data = (await t.app.inject({ url: '/api/dashboard/lifetime', headers: auth })).json().data;
    expect(data.periodStart).toBeNull();
    expect(data.revenue).toEqual({ revenue: 4600, transaction: 3, avg_transaction: 1533.33 });
    expect(
      data.recentTransactions.map((entry: { amount: number; type: string }) => [entry.amount, entry.type]),
    ).toEqual([
      [-200, 'Adjustment'],
      [500, 'New'],
      [300, 'New'],
      [4000, 'New'],
    ]);
  });

  it('does not count a student who left, nor their plan', async () => {
    const data = (await t.app.inject({ url: '/api/dashboard/24_hour', headers: auth })).json().data;
    expect(data.student).toEqual({ total: 1, activeSubscription: 1 });
    // The plans today count subscriptions as before: both run today.
    expect(data.subscriptionStats).toEqual([
      { planName: '1 Month plan', description: 'Students on a 1 month plan today', totalSubscribers: 2 },
    ]);
  });
});
