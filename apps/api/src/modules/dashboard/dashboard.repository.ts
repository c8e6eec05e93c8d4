import { sql, type SQL } from 'drizzle-orm';
import type { DashboardPeriod } from '@app/shared';
import { countedFee } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { executePrepared } from '../../db/prepared';

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

/** Options for the tests: read the period's first day from the fees even when the totals would do. */
export interface FigureOptions {
  firstDayFromFees?: boolean;
}

/**
 * The period's bounds, one row `b`, worked out by PostgreSQL from the library's row (its time
 * zone read once, its own zone rules, one `now()`): the first instant (null for lifetime), the
 * library's today, the local day the period starts on and the first day of the month after it,
 * the chart's first and last buckets (the library's wall-clock time), and `exact_start`: whether
 * the fees from the start on are exactly those of the local days from its first day on (the start
 * is that day's midnight and the zone's offset is the same a day either side of it; not so near a
 * clock change, when the first day is read from the fees themselves).
 */
function boundsCte(libraryId: string, period: DashboardPeriod, bucket: Bucket): SQL {
  const start = periodStart(period, sql`l.tz`, sql`l.now`) ?? sql`null::timestamptz`;
  const unit = sql.raw(`'${bucket}'`);
  const first =
    period === 'lifetime'
      ? sql`date_trunc(${unit}, coalesce((select min(created_at) from fees where library_id = ${libraryId}), l.now) at time zone l.tz)`
      : sql`date_trunc(${unit}, s.start at time zone l.tz)`;
  return sql`
    select l.tz, s.start,
           to_char(s.start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as shown_start,
           (l.now at time zone l.tz)::date as today,
           (s.start at time zone l.tz)::date as start_day,
           (date_trunc('month', s.start at time zone l.tz) + interval '1 month')::date as next_month,
           coalesce((s.start at time zone l.tz)::time = '00:00'
                    and ((s.start - interval '1 day') at time zone l.tz) - ((s.start - interval '1 day') at time zone 'UTC')
                      = ((s.start + interval '1 day') at time zone l.tz) - ((s.start + interval '1 day') at time zone 'UTC'),
                    false) as exact_start,
           ${first} as first_bucket,
           date_trunc(${unit}, l.now at time zone l.tz) as last_bucket
    from (select time_zone as tz, now() as now from libraries where id = ${libraryId}) l
    cross join lateral (select ${start} as start) s`;
}

/**
 * The period's counted fees as groups of (chart bucket, mode, plan) with their money,
 * transactions and sales (issue 18, after):
 *
 * - the last 24 hours roll, so they are read from the fees themselves (`fees_library_counted_idx`,
 *   a few hundred entries), grouped by the library's hour;
 * - a period that starts at a local midnight is the local days from its first day on, read from
 *   `dashboard_fee_totals` (migration 0019, kept by triggers on fees): day rows for a chart by day;
 *   for a chart by month, the day rows of the first month and the month rows after it; lifetime is
 *   every month row. At most about 31 + 12 days' and months' groups, whatever the number of fees;
 * - near a clock change (`exact_start` false) the first day comes from the fees from the start on
 *   (by index, within three days of it) and the totals from the day after it.
 *
 * A fee dated after now is in the totals' later days, so in the revenue but in no chart bucket, as
 * before.
 */
function feeGroups(libraryId: string, period: DashboardPeriod, bucket: Bucket, options: FigureOptions): SQL {
  const unit = sql.raw(`'${bucket}'`);
  const fromFees = (range: SQL, when: SQL = sql`true`) => sql`
    select date_trunc(${unit}, f.created_at at time zone b.tz) as bucket, f.mode, f.duration, f.is_reserved,
           sum(f.amount) as amount,
           count(*) filter (where f.kind <> 'adjustment')::int as transactions,
           count(*) filter (where f.kind in ('new', 'renewal'))::int as sales
    from b join fees f on f.library_id = ${libraryId} and ${counted} and ${range}
    where ${when}
    group by 1, 2, 3, 4`;
  if (bucket === 'hour') return fromFees(sql`f.created_at >= b.start`);
  const totals = (rows: 'day' | 'month', range: SQL) => sql`
    select ${rows === 'day' && bucket === 'month' ? sql`date_trunc('month', t.day)::timestamp` : sql`t.day::timestamp`} as bucket,
           t.mode, t.duration, t.is_reserved, t.amount, t.transactions, t.sales
    from dashboard_fee_totals t where t.library_id = ${libraryId} and t.unit = ${sql.raw(`'${rows}'`)} and ${range}`;
  if (period === 'lifetime') return totals('month', sql`true`);
  const partial = sql`(not b.exact_start or ${options.firstDayFromFees === true}::boolean)`;
  // Scalar subqueries of `b`, so the day range is the index scan's own condition (a join with `b`
  // made it a filter over every day row of the library).
  const days = sql`t.day >= (select b.start_day + case when ${partial} then 1 else 0 end from b)`;
  const parts =
    bucket === 'day'
      ? [totals('day', days)]
      : [
          totals('day', sql`${days} and t.day < (select next_month from b)`),
          totals('month', sql`t.day >= (select next_month from b)`),
        ];
  parts.push(
    fromFees(
      sql`f.created_at >= b.start and f.created_at < b.start + interval '3 days'`,
      sql`${partial} and (f.created_at at time zone b.tz)::date <= b.start_day`,
    ),
  );
  return sql.join(parts, sql` union all `);
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
 * All dashboard figures of one library for one period in one statement (one snapshot, one
 * `now()`, one round trip), none of them counting rows by the hundred thousand: the bounds
 * (`boundsCte`); the money from the period's fee groups (`feeGroups`), so the revenue, the top
 * plans, the modes and the chart are sums of the same groups and add up exactly; the members'
 * number from migration 0017's counter and the seats' from 0028's; the members on a plan today
 * and the plans by length as minus the sum of migration 0019's plan changes after today; the ten
 * recent fees as before. A named prepared statement (db/prepared.ts): PostgreSQL plans each period's statement
 * once per connection, not on every request.
 */
export async function dashboardFigures(
  db: DbOrTx,
  libraryId: string,
  period: DashboardPeriod,
  bucket: Bucket,
  options: FigureOptions = {},
) {
  const step = sql.raw(`'1 ${bucket}'::interval`);
  const format = sql.raw(
    bucket === 'hour' ? `'YYYY-MM-DD"T"HH24:00'` : bucket === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM'`,
  );
  const today = sql`(select today from b)`;

  const rows = await executePrepared<Record<keyof Figures | 'periodStart', unknown>>(
    db,
    sql`
    with b as materialized (${boundsCte(libraryId, period, bucket)}),
    grouped as (${feeGroups(libraryId, period, bucket, options)}),
    -- The fee groups summed four ways in one pass (issue 18): by chart bucket (set 7), by mode
    -- (11), by plan (12) and in all (15), the sets numbered by grouping(); read from here by
    -- the chart, the modes, the top plans and the revenue. Up to about 3,700 groups for three
    -- months by day, which four aggregates of their own each read again.
    sums as materialized (
      select grouping(bucket, mode, duration, is_reserved) as set, bucket, mode, duration, is_reserved,
             sum(amount) as amount, sum(transactions) as transactions, sum(sales) as sales
      from grouped
      group by grouping sets ((bucket), (mode), (duration, is_reserved), ())
    ),
    plans as materialized (
      select members, duration, -sum(delta)::int as running
      from dashboard_plan_changes
      where library_id = ${libraryId} and day > ${today}
      group by members, duration
    )
    select
      (select shown_start from b) as "periodStart",
      -- Issue 19: students who left are not counted.
      (select json_build_object(
         'total', coalesce((select active from library_student_counts where library_id = ${libraryId}), 0),
         'active', coalesce((select running from plans where members), 0))) as students,
      -- Migration 0028's kept numbers (a library that never had a seat has no row).
      (select json_build_object('total', coalesce(max(total), 0),
                                'active', coalesce(max(active), 0),
                                'inactive', coalesce(max(total - active), 0))
         from library_seat_counts where library_id = ${libraryId}) as seats,
      (select json_build_object(
         'revenue', coalesce(amount, 0)::text,
         'transactions', coalesce(transactions, 0)::int,
         'average', coalesce(round(amount / nullif(transactions, 0), 2), 0)::text)
         from sums where set = 15) as revenue,
      -- A plan's revenue is all the money paid for it; its sales, its creations and renewals
      -- (a later payment towards a balance is not another sale: docs/decisions.md, issue 13).
      (select coalesce(json_agg(json_build_object('duration', duration, 'is_reserved', is_reserved,
                                                  'revenue', revenue::text, 'sales', sales) order by position), '[]')
         from (select duration, is_reserved, amount as revenue, sales::int as sales,
                      row_number() over (order by amount desc, sales desc, duration, is_reserved) as position
                 from sums where set = 12
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
      -- Students on a plan of each length today (any status, as before), lengths with none left out.
      (select coalesce(json_agg(json_build_object('duration', duration, 'subscribers', running) order by duration), '[]')
         from plans where not members and running <> 0) as plans,
      (select coalesce(json_agg(json_build_object('date', to_char(b.local_start, ${format}),
                                                  'revenue', coalesce(g.amount, 0)::text,
                                                  'transactions', coalesce(g.transactions, 0)::int)
                                order by b.local_start), '[]')
         from generate_series((select first_bucket from b), (select last_bucket from b), ${step}) as b(local_start)
         left join sums g on g.set = 7 and g.bucket = b.local_start) as series,
      (select json_agg(json_build_object('mode', m.mode, 'amount', coalesce(g.amount, 0)::text,
                                         'count', coalesce(g.transactions, 0)::int) order by m.position)
         from unnest(array['Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque']) with ordinality as m(mode, position)
         left join sums g on g.set = 11 and g.mode = m.mode) as modes`,
  );

  const row = rows[0];
  return {
    periodStart: (row?.periodStart as string | null | undefined) ?? null,
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
