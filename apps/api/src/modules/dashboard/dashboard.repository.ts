import { sql, type SQL } from 'drizzle-orm';
import type { DashboardPeriod } from '@app/shared';
import { countedFee } from '../../db/account';
import type { DbOrTx } from '../../db/client';

/**
 * Money on the dashboard (issue 14): a voided fee counts for nothing (not in revenue, the
 * chart, the modes, the plans or recent transactions); an adjustment counts with its sign
 * in every sum (a refund lowers its mode's and its period's revenue) but is not another
 * transaction or sale: it corrects a payment already counted.
 */
const counted = countedFee('f');
/** A payment taken (creation, renewal, balance), not a correction of one. */
const transaction = sql`f.kind <> 'adjustment'`;

/**
 * Where a period starts, in SQL, in the library's time zone `tz`: the last 24
 * hours roll; the others start at the library's midnight so that "7 days" is
 * today and the six days before it, and "1 month" runs from the day after the
 * same date last month. Lifetime has no start.
 */
export function periodStart(period: DashboardPeriod, tz: SQL): SQL | undefined {
  const localMidnightMinus = (interval: string) =>
    sql`((date_trunc('day', now() at time zone ${tz}) - ${interval}::interval + interval '1 day') at time zone ${tz})`;
  switch (period) {
    case '24_hour':
      return sql`(now() - interval '24 hours')`;
    case '7_days':
      return localMidnightMinus('7 days');
    case '1_month':
      return localMidnightMinus('1 month');
    case '3_months':
      return localMidnightMinus('3 months');
    case '6_months':
      return localMidnightMinus('6 months');
    case '9_months':
      return localMidnightMinus('9 months');
    case '1_year':
      return localMidnightMinus('1 year');
    case 'lifetime':
      return undefined;
  }
}

export type Bucket = 'hour' | 'day' | 'month';

/** All dashboard figures of one library for one period, each computed by PostgreSQL. */
export async function dashboardFigures(db: DbOrTx, libraryId: string, period: DashboardPeriod, bucket: Bucket) {
  const tz = sql`(select time_zone from libraries where id = ${libraryId})`;
  const start = periodStart(period, tz);
  const inPeriod = start ? sql`${counted} and f.created_at >= ${start}` : counted;
  const today = sql`(now() at time zone ${tz})::date`;

  const [startRow, students, seats, revenue, top, recent, plans, series, modes] = await Promise.all([
    db.execute<{ start: string | null }>(
      sql`select ${start ? sql`to_char(${start} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` : sql`null`} as start`,
    ),
    // Issue 19: students who left are not counted.
    db.execute<{ total: number; active: number }>(sql`
      select (select count(*)::int from students where library_id = ${libraryId} and status = 'active') as total,
             (select count(distinct sub.student_id)::int from subscriptions sub
               join students st on st.library_id = sub.library_id and st.id = sub.student_id and st.status = 'active'
               where sub.library_id = ${libraryId} and sub.joining_date <= ${today} and sub.plan_expires_at >= ${today})
               as active`),
    db.execute<{ total: number; active: number; inactive: number }>(sql`
      select count(*)::int as total,
             count(*) filter (where status = 'active')::int as active,
             count(*) filter (where status <> 'active')::int as inactive
      from seats where library_id = ${libraryId}`),
    db.execute<{ revenue: string; transactions: number; average: string }>(sql`
      select coalesce(sum(f.amount), 0)::text as revenue, count(*) filter (where ${transaction})::int as transactions,
             coalesce(round(sum(f.amount) / nullif(count(*) filter (where ${transaction}), 0), 2), 0)::text as average
      from fees f where f.library_id = ${libraryId} and ${inPeriod}`),
    // A plan's revenue is all the money paid for it; its sales, its creations and renewals
    // (a later payment towards a balance is not another sale: docs/decisions.md, issue 13).
    db.execute<{ duration: number; is_reserved: boolean; revenue: string; sales: number }>(sql`
      select duration, is_reserved, sum(amount)::text as revenue,
             count(*) filter (where kind in ('new', 'renewal'))::int as sales
      from fees f where f.library_id = ${libraryId} and ${inPeriod}
      group by duration, is_reserved
      order by sum(amount) desc, count(*) filter (where kind in ('new', 'renewal')) desc, duration, is_reserved
      limit 5`),
    db.execute<{ email: string; date: string; amount: string; kind: 'new' | 'renewal' | 'balance' | 'adjustment' }>(sql`
      select st.email, to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
             f.amount::text as amount, f.kind
      from fees f join students st on st.id = f.student_id
      where f.library_id = ${libraryId} and ${counted}
      order by f.created_at desc, f.id desc
      limit 10`),
    db.execute<{ duration: number; subscribers: number }>(sql`
      select duration_months as duration, count(distinct student_id)::int as subscribers
      from subscriptions
      where library_id = ${libraryId} and joining_date <= ${today} and plan_expires_at >= ${today}
      group by duration_months order by duration_months`),
    financialSeries(db, libraryId, tz, start, bucket),
    db.execute<{ mode: string; amount: string; count: number }>(sql`
      select m.mode, coalesce(sum(f.amount), 0)::text as amount, count(f.id) filter (where ${transaction})::int as count
      from unnest(array['Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque']) with ordinality as m(mode, position)
      left join fees f on f.mode = m.mode and f.library_id = ${libraryId} and ${inPeriod}
      group by m.mode, m.position order by m.position`),
  ]);

  return {
    periodStart: startRow.rows[0]?.start ?? null,
    students: students.rows[0] ?? { total: 0, active: 0 },
    seats: seats.rows[0] ?? { total: 0, active: 0, inactive: 0 },
    revenue: revenue.rows[0] ?? { revenue: '0', transactions: 0, average: '0' },
    topPlans: top.rows,
    recent: recent.rows,
    plans: plans.rows,
    series: series.rows,
    modes: modes.rows,
  };
}

/**
 * Revenue and count per hour, day or month of the library's calendar across
 * the period, empty buckets included, for the chart. Lifetime starts at the
 * first fee's month.
 */
function financialSeries(db: DbOrTx, libraryId: string, tz: SQL, start: SQL | undefined, bucket: Bucket) {
  const unit = sql.raw(`'${bucket}'`);
  const step = sql.raw(`'1 ${bucket}'::interval`);
  const first = start
    ? sql`date_trunc(${unit}, ${start} at time zone ${tz})`
    : sql`date_trunc(${unit}, coalesce((select min(created_at) from fees where library_id = ${libraryId}), now()) at time zone ${tz})`;
  const format = bucket === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : bucket === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`;
  return db.execute<{ date: string; revenue: string; transactions: number }>(sql`
    with buckets as (
      select generate_series(${first}, date_trunc(${unit}, now() at time zone ${tz}), ${step}) as local_start
    )
    select to_char(b.local_start, ${sql.raw(format)}) as date,
           coalesce(sum(f.amount), 0)::text as revenue, count(f.id) filter (where ${transaction})::int as transactions
    from buckets b
    left join fees f on f.library_id = ${libraryId} and ${counted}
      and date_trunc(${unit}, f.created_at at time zone ${tz}) = b.local_start
      ${start ? sql`and f.created_at >= ${start}` : sql``}
    group by b.local_start order by b.local_start`);
}
