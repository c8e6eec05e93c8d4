import { sql } from 'drizzle-orm';
import type { PaymentMode } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { isoUtc } from '../../db/sql-time';

/**
 * What a library spent (issue 14): its expenses, dated library days, and its monthly
 * recurring expenses. Amounts come back as PostgreSQL prints `numeric`, exact; sums are
 * PostgreSQL's.
 */

const utc = (column: string) => isoUtc(sql.raw(column));

/** The library's today (`YYYY-MM-DD`, in its time zone); undefined for no such library. */
export async function libraryToday(db: DbOrTx, libraryId: string): Promise<string | undefined> {
  const result = await db.execute<{ today: string }>(sql`
    select to_char((now() at time zone time_zone)::date, 'YYYY-MM-DD') as today from libraries where id = ${libraryId}`);
  return result.rows[0]?.today;
}

export type ExpenseRow = {
  id: string;
  date: string;
  category: string;
  amount: string;
  note: string | null;
  mode: PaymentMode;
  recurring_id: string | null;
  recorded_by_name: string | null;
  created_at: string;
};

const expenseColumns = sql`
  e.id, to_char(e.spent_on, 'YYYY-MM-DD') as date, e.category, e.amount::text as amount, e.note, e.mode,
  e.recurring_id, ad.name as recorded_by_name, ${utc('e.created_at')} as created_at`;

/** Expenses dated in the month starting `monthStart` (`YYYY-MM-01`). */
const inMonth = (libraryId: string, monthStart: string) => sql`
  e.library_id = ${libraryId} and e.spent_on >= ${monthStart}::date
  and e.spent_on < (${monthStart}::date + interval '1 month')`;

/** The month's expenses, newest first (latest date, then latest entered). */
export async function listMonth(db: DbOrTx, libraryId: string, monthStart: string): Promise<ExpenseRow[]> {
  const result = await db.execute<ExpenseRow>(sql`
    select ${expenseColumns}
    from expenses e left join admins ad on ad.id = e.created_by
    where ${inMonth(libraryId, monthStart)}
    order by e.spent_on desc, e.created_at desc, e.id desc`);
  return result.rows;
}

export type CategoryTotalRow = { category: string; amount: string; count: number };

/** The month's total and its totals by category, the largest first. */
export async function monthTotals(db: DbOrTx, libraryId: string, monthStart: string) {
  const result = await db.execute<CategoryTotalRow>(sql`
    select e.category, sum(e.amount)::text as amount, count(*)::int as count
    from expenses e where ${inMonth(libraryId, monthStart)}
    group by e.category order by sum(e.amount) desc, e.category`);
  const total = await db.execute<{ total: string }>(sql`
    select coalesce(sum(e.amount), 0)::text as total from expenses e where ${inMonth(libraryId, monthStart)}`);
  return { total: total.rows[0]?.total ?? '0', byCategory: result.rows };
}

export async function findExpense(db: DbOrTx, libraryId: string, id: string): Promise<ExpenseRow | undefined> {
  const result = await db.execute<ExpenseRow>(sql`
    select ${expenseColumns}
    from expenses e left join admins ad on ad.id = e.created_by
    where e.library_id = ${libraryId} and e.id = ${id}`);
  return result.rows[0];
}

export interface ExpenseValues {
  date: string;
  category: string;
  /** Rupees with two decimals, as text. */
  amount: string;
  note: string | null;
  mode: PaymentMode;
}

export async function insertExpense(
  db: DbOrTx,
  libraryId: string,
  values: ExpenseValues & { createdBy: string },
): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into expenses (library_id, spent_on, category, amount, note, mode, created_by)
    values (${libraryId}, ${values.date}, ${values.category}, ${values.amount}, ${values.note}, ${values.mode},
            ${values.createdBy})
    returning id`);
  return result.rows[0]!.id;
}

/** Changes an expense; answers whether it was the library's. */
export async function updateExpense(db: DbOrTx, libraryId: string, id: string, values: ExpenseValues) {
  const result = await db.execute(sql`
    update expenses set spent_on = ${values.date}, category = ${values.category}, amount = ${values.amount},
                        note = ${values.note}, mode = ${values.mode}, updated_at = now()
    where library_id = ${libraryId} and id = ${id}`);
  return (result.rowCount ?? 0) > 0;
}

/** Deletes an expense; answers what it was, or undefined when it was not the library's. */
export async function deleteExpense(db: DbOrTx, libraryId: string, id: string) {
  const result = await db.execute<{ date: string; category: string; amount: string }>(sql`
    delete from expenses where library_id = ${libraryId} and id = ${id}
    returning to_char(spent_on, 'YYYY-MM-DD') as date, category, amount::text as amount`);
  return result.rows[0];
}

export type RecurringRow = {
  id: string;
  category: string;
  amount: string;
  note: string | null;
  mode: PaymentMode;
  day_of_month: number;
  /** `YYYY-MM`. */
  start_month: string;
  created_at: string;
};

const recurringColumns = sql`
  r.id, r.category, r.amount::text as amount, r.note, r.mode, r.day_of_month,
  to_char(r.start_month, 'YYYY-MM') as start_month, ${utc('r.created_at')} as created_at`;

/** The library's monthly expenses still running, by their day of the month. */
export async function listLiveRecurring(db: DbOrTx, libraryId: string): Promise<RecurringRow[]> {
  const result = await db.execute<RecurringRow>(sql`
    select ${recurringColumns} from recurring_expenses r
    where r.library_id = ${libraryId} and r.stopped_at is null
    order by r.day_of_month, r.category, r.created_at, r.id`);
  return result.rows;
}

/** A monthly expense still running, its row locked for the transaction; undefined for none. */
export async function lockLiveRecurring(db: DbOrTx, libraryId: string, id: string): Promise<RecurringRow | undefined> {
  const result = await db.execute<RecurringRow>(sql`
    select ${recurringColumns} from recurring_expenses r
    where r.library_id = ${libraryId} and r.id = ${id} and r.stopped_at is null
    for update`);
  return result.rows[0];
}

export interface RecurringValues {
  category: string;
  amount: string;
  note: string | null;
  mode: PaymentMode;
  dayOfMonth: number;
  /** The first day of the starting month, `YYYY-MM-01`. */
  startMonth: string;
}

export async function insertRecurring(
  db: DbOrTx,
  libraryId: string,
  values: RecurringValues & { createdBy: string },
): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into recurring_expenses (library_id, category, amount, note, mode, day_of_month, start_month, created_by)
    values (${libraryId}, ${values.category}, ${values.amount}, ${values.note}, ${values.mode}, ${values.dayOfMonth},
            ${values.startMonth}, ${values.createdBy})
    returning id`);
  return result.rows[0]!.id;
}

/** Changes what the next entries of a monthly expense will be; entries made stay as they are. */
export async function updateRecurring(db: DbOrTx, libraryId: string, id: string, values: RecurringValues) {
  await db.execute(sql`
    update recurring_expenses set category = ${values.category}, amount = ${values.amount}, note = ${values.note},
           mode = ${values.mode}, day_of_month = ${values.dayOfMonth}, start_month = ${values.startMonth},
           updated_at = now()
    where library_id = ${libraryId} and id = ${id}`);
}

export async function stopRecurring(db: DbOrTx, libraryId: string, id: string) {
  await db.execute(sql`
    update recurring_expenses set stopped_at = now(), updated_at = now()
    where library_id = ${libraryId} and id = ${id} and stopped_at is null`);
}

export async function findRecurring(db: DbOrTx, libraryId: string, id: string): Promise<RecurringRow | undefined> {
  const result = await db.execute<RecurringRow>(sql`
    select ${recurringColumns} from recurring_expenses r where r.library_id = ${libraryId} and r.id = ${id}`);
  return result.rows[0];
}
