import { sql } from 'drizzle-orm';
import type { DashboardPeriod } from '@app/shared';
import { countedFee } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { periodStart, type Bucket } from './dashboard.repository';

/**
 * For the tests only (issue 18): the dashboard's figures recomputed the straightforward way, every
 * counted fee of the period read and every student and running plan counted, as the repository
 * did before migration 0019's totals (commit 2311404). The fast path must give the same figures.
 */
const counted = countedFee('f');

const json = <T>(value: unknown, empty: T): T =>
  value == null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);

/** A period's bounds, worked out once per request from the library's time zone. */
interface PeriodBounds {
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
async function periodBounds(
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

export async function referenceFigures(db: DbOrTx, libraryId: string, period: DashboardPeriod, bucket: Bucket) {
  const bounds = await periodBounds(db, libraryId, period, bucket);
  const unit = sql.raw(`'${bucket}'`);
  const step = sql.raw(`'1 ${bucket}'::interval`);
  const format = sql.raw(
    bucket === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : bucket === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`,
  );
  const tz = sql`${bounds.timeZone}::text`;
  const today = sql`${bounds.today}::date`;
  const inPeriod = bounds.start ? sql`${counted} and f.created_at >= ${bounds.start}::timestamptz` : counted;

  const result = await db.execute<Record<string, unknown>>(sql`
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
    students: json<unknown>(row?.students, { total: 0, active: 0 }),
    seats: json<unknown>(row?.seats, { total: 0, active: 0, inactive: 0 }),
    revenue: json<unknown>(row?.revenue, { revenue: '0', transactions: 0, average: '0' }),
    topPlans: json<unknown>(row?.topPlans, []),
    recent: json<unknown>(row?.recent, []),
    plans: json<unknown>(row?.plans, []),
    series: json<unknown>(row?.series, []),
    modes: json<unknown>(row?.modes, []),
  };
}
