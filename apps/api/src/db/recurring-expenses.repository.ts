import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The entries of monthly recurring expenses (issue 14): one on `day_of_month` of each month
 * from `start_month`, once that day has come in the library's time zone. `generated_through`
 * is the day of the last entry made, and entries are made only for the months after its
 * month, so an entry the owner deleted stays deleted and a month never gets two (even when
 * the day of the month changes). Read by the expenses list, the profit calls and the
 * recurring-expenses worker, so it lives here rather than in one module.
 */

/** The library's today (`lib.today`), as the CTE body `lib`. */
const libraryToday = (libraryId: string) =>
  sql`select id, (now() at time zone time_zone)::date as today from libraries where id = ${libraryId}`;

/** The first month of `r` still to make an entry for (a date, the 1st). */
const firstMonthToMake = sql`greatest(r.start_month,
  coalesce((date_trunc('month', r.generated_through) + interval '1 month')::date, r.start_month))`;

/** Whether `r` (live) has an entry due on or before `today`. */
const hasDue = (today: SQL) => sql`r.stopped_at is null and ${firstMonthToMake} + (r.day_of_month - 1) <= ${today}`;

/** Whether the library has an entry of a monthly expense to make: one indexed read, the common answer no. */
export async function anyDue(db: DbOrTx, libraryId: string): Promise<boolean> {
  const result = await db.execute<{ due: boolean }>(sql`
    with lib as (${libraryToday(libraryId)})
    select exists (
      select 1 from recurring_expenses r cross join lib
      where r.library_id = lib.id and ${hasDue(sql`lib.today`)}
    ) as due`);
  return result.rows[0]?.due ?? false;
}

/** Every library with an entry of a monthly expense to make (the worker's round). */
export async function librariesWithDue(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ library_id: string }>(sql`
    select distinct r.library_id from recurring_expenses r join libraries l on l.id = r.library_id
    where ${hasDue(sql`(now() at time zone l.time_zone)::date`)}`);
  return result.rows.map((row) => row.library_id);
}

/**
 * Locks the library's live recurring expenses (`for update`, in id order) for the
 * transaction: two catch-ups of one library (two server processes, a list beside the
 * worker) then run one after the other, and the second reads the `generated_through` the
 * first left. Edits and stops of a recurring expense take the same lock first.
 */
export async function lockLive(tx: DbOrTx, libraryId: string): Promise<void> {
  await tx.execute(sql`
    select id from recurring_expenses where library_id = ${libraryId} and stopped_at is null
    order by id for update`);
}

/**
 * Makes every due entry of the library's live recurring expenses (each month from the first
 * still to make to the library's current one whose day has come) and moves their
 * `generated_through`; answers how many entries were made. An entry already there (the
 * unique index on the expense and day) is left as it is. Run with `lockLive` held.
 */
export async function makeDueEntries(tx: DbOrTx, libraryId: string): Promise<number> {
  const result = await tx.execute<{ made: number }>(sql`
    with lib as (${libraryToday(libraryId)}),
    due as (
      select r.id as recurring_id, (month.start::date + (r.day_of_month - 1)) as spent_on,
             r.category, r.amount, r.note, r.mode, r.created_by
      from recurring_expenses r cross join lib
      cross join lateral generate_series(${firstMonthToMake}, date_trunc('month', lib.today)::date, interval '1 month')
        as month(start)
      where r.library_id = lib.id and r.stopped_at is null and month.start::date + (r.day_of_month - 1) <= lib.today
    ),
    made as (
      insert into expenses (library_id, spent_on, category, amount, note, mode, recurring_id, created_by)
      select ${libraryId}, spent_on, category, amount, note, mode, recurring_id, created_by from due
      on conflict (recurring_id, spent_on) where recurring_id is not null do nothing
      returning id
    ),
    marked as (
      update recurring_expenses r set generated_through = last.spent_on
      from (select recurring_id, max(spent_on) as spent_on from due group by recurring_id) last
      where r.library_id = ${libraryId} and r.id = last.recurring_id
      returning r.id
    )
    select (select count(*) from made)::int as made, (select count(*) from marked)::int as marked`);
  return result.rows[0]?.made ?? 0;
}
