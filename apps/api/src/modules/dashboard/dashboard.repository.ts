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

/**
 * Where a period starts, in SQL, in the library's time zone `tz`: the last 24
 * hours roll; the others start at the library's midnight so that "7 days" is
 * today and the six days before it, and "1 month" runs from the day after the
 * same date last month. Lifetime has no start.
 */
export function periodStart(period: DashboardPeriod, tz: SQL, now: SQL = sql`now()`): SQL | undefined {
  const localMidnightMinus = (interval: string) =>
    sql`((date_trunc('day', ${now} at time zone ${tz}) - ${interval}::interval + interval '1 day') at time zone ${tz})`;
  switch (period) {
    case '24_hour':
      return sql`(${now} - interval '24 hours')`;
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

/** A period's bounds, worked out once per request from the library's time zone. */
export interface PeriodBounds {
  timeZone: string;
  /** The period's first instant, exact to the microsecond (ISO, UTC); null for lifetime. */
  start: string | null;
  /** The same, to the second, as the dashboard shows it. */
  shownStart: string | null;
  /** The library's today, `YYYY-MM-DD`. */
  today: string;
  /** The chart's first and last buckets, the library's wall-clock time (`YYYY-MM-DD HH24:MI:SS`). */
  firstBucket: string;
  lastBucket: string;
}

const LOCAL = `'YYYY-MM-DD HH24:MI:SS'`;

/**
 * Issue 18: the bounds are worked out first, in one cheap statement on the library's row (the
 * time zone read once, PostgreSQL's own zone rules, one `now()`), and the figures' statement
 * then gets them as plain parameters, so the planner sees the range and reads it off
 * `fees_library_created_idx` instead of scanning every fee with a start it cannot know.
 */
export async function periodBounds(
  db: DbOrTx,
  libraryId: string,
  period: DashboardPeriod,
  bucket: Bucket,
): Promise<PeriodBounds> {
  const tz = sql`l.time_zone`;
  const start = periodStart(period, tz, sql`l.now`);
  const unit = sql.raw(`'${bucket}'`);
  const first = start
    ? sql`date_trunc(${unit}, ${start} at time zone ${tz})`
    : sql`date_trunc(${unit}, coalesce((select min(created_at) from fees where library_id = ${libraryId}), l.now) at time zone ${tz})`;
  const result = await db.execute<{
    time_zone: string;
    start: string | null;
    shown_start: string | null;
    today: string;
    first_bucket: string;
    last_bucket: string;
  }>(sql`
    select l.time_zone,
           ${start ? sql`to_char(${start} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`null`} as start,
           ${start ? sql`to_char(${start} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')` : sql`null`} as shown_start,
           to_char(l.now at time zone ${tz}, 'YYYY-MM-DD') as today,
           to_char(${first}, ${sql.raw(LOCAL)}) as first_bucket,
           to_char(date_trunc(${unit}, l.now at time zone ${tz}), ${sql.raw(LOCAL)}) as last_bucket
    from (select time_zone, now() as now from libraries where id = ${libraryId}) l`);
  const row = result.rows[0];
  // No row only when the library is gone (or for the bench's capture of the SQL): an empty dashboard.
  const now = new Date().toISOString();
  return {
    timeZone: row?.time_zone ?? 'UTC',
    start: row ? row.start : now,
    shownStart: row ? row.shown_start : null,
    today: row?.today ?? now.slice(0, 10),
    firstBucket: row?.first_bucket ?? `${now.slice(0, 10)} 00:00:00`,
    lastBucket: row?.last_bucket ?? `${now.slice(0, 10)} 00:00:00`,
  };
}

interface Figures {
  students: { total: number; active: number };
  seats: { total: number; active: number; inactive: number };
  revenue: { revenue: string; transactions: number; average: string };
  topPlans: { duration: number; is_reserved: boolean; revenue: string; sales: number }[];
  recent: { email: string; date: string; amount: string; kind: 'new' | 'renewal' | 'balance' | 'adjustment' }[];
  plans: { duration: number; subscribers: number }[];
  series: { date: string; revenue: string; transactions: number }[];
  modes: { mode: string; amount: string; count: number }[];
}

const json = <T>(value: unknown, empty: T): T =>
  value == null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/**
 * All dashboard figures of one library for one period, each computed by PostgreSQL, in two
 * statements one after the other (issue 18: one connection per request, not nine): the
 * bounds, then everything else in one round trip. The period's counted fees are read once,
 * off the index, and grouped by chart bucket, mode and plan into a few hundred rows; the
 * revenue, the top plans, the modes and the chart are sums of those groups, so they add up
 * to the same money exactly.
 */
export async function dashboardFigures(db: DbOrTx, libraryId: string, period: DashboardPeriod, bucket: Bucket) {
  const bounds = await periodBounds(db, libraryId, period, bucket);
  const unit = sql.raw(`'${bucket}'`);
  const step = sql.raw(`'1 ${bucket}'::interval`);
  const format = sql.raw(
    bucket === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : bucket === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`,
  );
  const tz = sql`${bounds.timeZone}::text`;
  const today = sql`${bounds.today}::date`;
  const inPeriod = bounds.start ? sql`${counted} and f.created_at >= ${bounds.start}::timestamptz` : counted;

  const result = await db.execute<Record<keyof Figures, unknown>>(sql`
    with grouped as materialized (
      select date_trunc(${unit}, f.created_at at time zone ${tz}) as bucket, f.mode, f.duration, f.is_reserved,
             sum(f.amount) as amount,
             count(*) filter (where f.kind <> 'adjustment') as transactions,
             count(*) filter (where f.kind in ('new', 'renewal')) as sales
      from fees f where f.library_id = ${libraryId} and ${inPeriod}
      group by 1, 2, 3, 4
    )
    select
      -- Issue 19: students who left are not counted.
      (select json_build_object(
         'total', (select count(*)::int from students where library_id = ${libraryId} and status = 'active'),
         'active', (select count(*)::int from students st
                     where st.library_id = ${libraryId} and st.status = 'active'
                       and exists (select 1 from subscriptions sub
                                    where sub.library_id = st.library_id and sub.student_id = st.id
                                      and sub.joining_date <= ${today} and sub.plan_expires_at >= ${today})))) as students,
      (select json_build_object('total', count(*)::int,
                                'active', count(*) filter (where status = 'active')::int,
                                'inactive', count(*) filter (where status <> 'active')::int)
         from seats where library_id = ${libraryId}) as seats,
      (select json_build_object(
         'revenue', coalesce(sum(amount), 0)::text,
         'transactions', coalesce(sum(transactions), 0)::int,
         'average', coalesce(round(sum(amount) / nullif(sum(transactions), 0), 2), 0)::text)
         from grouped) as revenue,
      -- A plan's revenue is all the money paid for it; its sales, its creations and renewals
      -- (a later payment towards a balance is not another sale: docs/decisions.md, issue 13).
      (select coalesce(json_agg(json_build_object('duration', duration, 'is_reserved', is_reserved,
                                                  'revenue', revenue::text, 'sales', sales) order by position), '[]')
         from (select duration, is_reserved, sum(amount) as revenue, sum(sales)::int as sales,
                      row_number() over (order by sum(amount) desc, sum(sales) desc, duration, is_reserved) as position
                 from grouped group by duration, is_reserved
                 order by position limit 5) plan) as "topPlans",
      (select coalesce(json_agg(json_build_object('email', email, 'date', date, 'amount', amount, 'kind', kind)
                                order by created_at desc, id desc), '[]')
         from (select st.email, f.created_at, f.id,
                      to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
                      f.amount::text as amount, f.kind
                 from fees f join students st on st.id = f.student_id
                where f.library_id = ${libraryId} and ${counted}
                order by f.created_at desc, f.id desc
                limit 10) fee) as recent,
      (select coalesce(json_agg(json_build_object('duration', duration, 'subscribers', subscribers) order by duration), '[]')
         from (select duration_months as duration, count(distinct student_id)::int as subscribers
                 from subscriptions
                where library_id = ${libraryId} and joining_date <= ${today} and plan_expires_at >= ${today}
                group by duration_months) plan) as plans,
      (select coalesce(json_agg(json_build_object('date', to_char(b.local_start, ${format}),
                                                  'revenue', coalesce(g.amount, 0)::text,
                                                  'transactions', coalesce(g.transactions, 0)::int)
                                order by b.local_start), '[]')
         from generate_series(${bounds.firstBucket}::timestamp, ${bounds.lastBucket}::timestamp, ${step}) as b(local_start)
         left join (select bucket, sum(amount) as amount, sum(transactions) as transactions
                      from grouped group by bucket) g on g.bucket = b.local_start) as series,
      (select json_agg(json_build_object('mode', m.mode, 'amount', coalesce(g.amount, 0)::text,
                                         'count', coalesce(g.transactions, 0)::int) order by m.position)
         from unnest(array['Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque']) with ordinality as m(mode, position)
         left join (select mode, sum(amount) as amount, sum(transactions) as transactions
                      from grouped group by mode) g on g.mode = m.mode) as modes`);

  const row = result.rows[0];
  return {
    periodStart: bounds.shownStart,
    students: json<Figures['students']>(row?.students, { total: 0, active: 0 }),
    seats: json<Figures['seats']>(row?.seats, { total: 0, active: 0, inactive: 0 }),
    revenue: json<Figures['revenue']>(row?.revenue, { revenue: '0', transactions: 0, average: '0' }),
    topPlans: json<Figures['topPlans']>(row?.topPlans, []),
    recent: json<Figures['recent']>(row?.recent, []),
    plans: json<Figures['plans']>(row?.plans, []),
    series: json<Figures['series']>(row?.series, []),
    modes: json<Figures['modes']>(row?.modes, []),
  };
}
