import type { z } from 'zod';
import { messages, type Profit, type ProfitMonth, type profitQuerySchema } from '@app/shared';
import { notFound } from '../../errors';
import { toCsv } from '../../lib/csv';
import { catchUpRecurringExpenses } from '../../lib/recurring-expenses';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './profit.repository';

type ProfitQuery = z.output<typeof profitQuerySchema>;

const m = messages.profit;

export type ProfitContext = ServiceContext;

const figures = (row: repository.ProfitRow) => ({
  collected: Number(row.collected),
  expenses: Number(row.expenses),
  profit: Number(row.profit),
});

/**
 * The months' rows and the total row, as PostgreSQL computed them, after making the
 * entries of monthly expenses whose day has come (in the same transaction).
 */
async function profitRows(context: ProfitContext, actor: Actor, query: ProfitQuery) {
  return context.db.transaction(async (tx) => {
    await catchUpRecurringExpenses(tx, actor.libraryId);
    const rows = await repository.profitByMonth(tx, actor.libraryId, query.months);
    const total = rows.at(-1);
    if (!total || total.month !== null) throw notFound();
    return { months: rows.slice(0, -1) as Array<repository.ProfitRow & { month: string }>, total };
  });
}

/** Fees collected, expenses and profit for each of the last `months` months (oldest first) and in all. */
export async function profit(context: ProfitContext, actor: Actor, query: ProfitQuery): Promise<Profit> {
  const { months, total } = await profitRows(context, actor, query);
  return {
    months: months.map((row): ProfitMonth => ({ month: row.month, ...figures(row) })),
    total: figures(total),
  };
}

/** The CSV's header, read when a file is made (in the caller's language). */
const csvHeader = () => [
  m.columns.month,
  `${m.columns.collected} (INR)`,
  `${m.columns.expenses} (INR)`,
  `${m.columns.profit} (INR)`,
];

/**
 * The profit as CSV, one row a month, amounts exactly as PostgreSQL summed them (a loss
 * below zero); the total is on the screen, not a row (a spreadsheet sums a clean table).
 * Answers the first and last months too, for the file's name.
 */
export async function profitCsv(context: ProfitContext, actor: Actor, query: ProfitQuery) {
  const { months } = await profitRows(context, actor, query);
  const csv = toCsv([csvHeader(), ...months.map((row) => [row.month, row.collected, row.expenses, row.profit])]);
  return { from: months[0]!.month, to: months.at(-1)!.month, csv };
}
