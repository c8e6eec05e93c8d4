import { sql } from 'drizzle-orm';
import { countedFee } from '../../db/account';
import type { DbOrTx } from '../../db/client';

/**
 * Monthly profit (issue 14), all in SQL, in the library's time zone: for each of the last
 * `months` months (the current one last), the fees received in it (by `created_at` in the
 * library's month; voided ones left out, adjustments with their sign, so a refund lowers the
 * month it was given back in), the expenses dated in it, and the difference.
 */

export type ProfitRow = {
  /** `YYYY-MM`; null on the total row. */
  month: string | null;
  collected: string;
  expenses: string;
  profit: string;
};

/** One row a month, oldest first, months without money included as 0, then the total row. */
export async function profitByMonth(db: DbOrTx, libraryId: string, months: number): Promise<ProfitRow[]> {
  const result = await db.execute<ProfitRow>(sql`
    with lib as (
      select time_zone, date_trunc('month', now() at time zone time_zone)::date as this_month
      from libraries where id = ${libraryId}
    ),
    span as (
      select (this_month - make_interval(months => ${months - 1}))::date as first_month, this_month, time_zone from lib
    ),
    month_starts as (
      select generate_series(span.first_month, span.this_month, interval '1 month')::date as start from span
    ),
    collected as (
      select date_trunc('month', f.created_at at time zone span.time_zone)::date as start, sum(f.amount) as amount
      from fees f cross join span
      where f.library_id = ${libraryId} and ${countedFee('f')}
        and f.created_at >= (span.first_month::timestamp at time zone span.time_zone)
      group by 1
    ),
    spent as (
      select date_trunc('month', e.spent_on)::date as start, sum(e.amount) as amount
      from expenses e cross join span
      where e.library_id = ${libraryId} and e.spent_on >= span.first_month
      group by 1
    ),
    by_month as (
      select m.start, coalesce(c.amount, 0)::numeric(14, 2) as collected, coalesce(s.amount, 0)::numeric(14, 2) as expenses
      from month_starts m left join collected c on c.start = m.start left join spent s on s.start = m.start
    )
    select month, collected, expenses, profit from (
      select to_char(start, 'YYYY-MM') as month, collected::text, expenses::text,
             (collected - expenses)::text as profit, start
      from by_month
      union all
      select null, sum(collected)::text, sum(expenses)::text, (sum(collected) - sum(expenses))::text, null
      from by_month
    ) rows
    order by start nulls last`);
  return result.rows;
}
