import type { z } from 'zod';
import {
  formatDateDMY,
  formatRupees,
  isBuiltInCategory,
  messages,
  type ExpenseMonth,
  type ExpenseRecord,
  type expenseInputSchema,
  type expenseListQuerySchema,
  type RecurringExpenseRecord,
  type recurringExpenseInputSchema,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { refusedAs } from '../../lib/pg-errors';
import { catchUpRecurringExpenses } from '../../lib/recurring-expenses';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './expenses.repository';

type ExpenseInput = z.output<typeof expenseInputSchema>;
type RecurringInput = z.output<typeof recurringExpenseInputSchema>;
type MonthQuery = z.output<typeof expenseListQuerySchema>;

const m = messages.expenses;

export type ExpensesContext = ServiceContext;

/** A starting month may lie this many months back (entries are made for each month since) or ahead. */
const START_MONTHS_BACK = 24;
const START_MONTHS_AHEAD = 12;

const rupeesText = (amount: number) => amount.toFixed(2);

function presentExpense(row: repository.ExpenseRow): ExpenseRecord {
  return { ...row, amount: Number(row.amount) };
}

function presentRecurring(row: repository.RecurringRow): RecurringExpenseRecord {
  return { ...row, amount: Number(row.amount) };
}

/** A category as the owner reads it, for the audit log: the built-in ones by their label. */
const categoryName = (category: string) => (isBuiltInCategory(category) ? m.categories[category] : category);

/** What an expense was, for the audit log: category, amount and day; never the note. */
const described = (expense: { category: string; amount: number | string; date: string }) =>
  `${categoryName(expense.category)} ${formatRupees(Number(expense.amount))} on ${formatDateDMY(expense.date)}`;

async function todayOf(db: DbOrTx, libraryId: string): Promise<string> {
  const today = await repository.libraryToday(db, libraryId);
  if (!today) throw notFound();
  return today;
}

/** Months since year 0 of a `YYYY-MM[-DD]` text, to compare months. */
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

function refuseFutureDate(date: string, today: string) {
  if (date > today) throw badRequest(m.dateInFuture, [{ field: 'date', message: m.dateInFuture }]);
}

function refuseFarStartMonth(startMonth: string, today: string) {
  const offset = monthIndex(startMonth) - monthIndex(today);
  if (offset < -START_MONTHS_BACK || offset > START_MONTHS_AHEAD) {
    const message = m.recurring.startMonthOutOfRange;
    throw badRequest(message, [{ field: 'start_month', message }]);
  }
}

const expenseValues = (input: ExpenseInput): repository.ExpenseValues => ({
  date: input.date,
  category: input.category,
  amount: rupeesText(input.amount),
  note: input.note,
  mode: input.mode,
});

const recurringValues = (input: RecurringInput): repository.RecurringValues => ({
  category: input.category,
  amount: rupeesText(input.amount),
  note: input.note,
  mode: input.mode,
  dayOfMonth: input.day_of_month,
  startMonth: `${input.start_month}-01`,
});

/**
 * One month of the library's expenses (default its current month), newest first, with the
 * total and the totals by category, and its monthly expenses still running. Entries of
 * monthly expenses whose day has come are made first, in the same transaction.
 */
export async function expenseMonth(context: ExpensesContext, actor: Actor, query: MonthQuery): Promise<ExpenseMonth> {
  const { libraryId } = actor;
  return context.db.transaction(async (tx) => {
    await catchUpRecurringExpenses(tx, libraryId);
    const month = query.month ?? (await todayOf(tx, libraryId)).slice(0, 7);
    const monthStart = `${month}-01`;
    const expenses = await repository.listMonth(tx, libraryId, monthStart);
    const totals = await repository.monthTotals(tx, libraryId, monthStart);
    const recurring = await repository.listLiveRecurring(tx, libraryId);
    return {
      month,
      total: Number(totals.total),
      by_category: totals.byCategory.map((row) => ({ ...row, amount: Number(row.amount) })),
      expenses: expenses.map(presentExpense),
      recurring: recurring.map(presentRecurring),
    };
  });
}

async function expenseRecord(db: DbOrTx, libraryId: string, id: string): Promise<ExpenseRecord> {
  const row = await repository.findExpense(db, libraryId, id);
  if (!row) throw notFound(m.notFound);
  return presentExpense(row);
}

/** Adds an expense dated on or before the library's today. */
export async function createExpense(
  context: ExpensesContext,
  actor: Actor,
  input: ExpenseInput,
): Promise<ExpenseRecord> {
  return context.db.transaction(async (tx) => {
    refuseFutureDate(input.date, await todayOf(tx, actor.libraryId));
    const id = await repository.insertExpense(tx, actor.libraryId, {
      ...expenseValues(input),
      createdBy: actor.adminId,
    });
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.expenseCreated,
      entityType: 'expense',
      entityId: id,
      detail: `${described(input)} by ${input.mode}`,
    });
    return expenseRecord(tx, actor.libraryId, id);
  });
}

/**
 * Changes an expense (one made by a monthly expense too: it stays that expense's entry).
 * The audit entry keeps what it was and what it became.
 */
export async function updateExpense(
  context: ExpensesContext,
  actor: Actor,
  id: string,
  input: ExpenseInput,
): Promise<ExpenseRecord> {
  const { libraryId } = actor;
  return context.db.transaction(async (tx) => {
    const before = await repository.findExpense(tx, libraryId, id);
    if (!before) throw notFound(m.notFound);
    refuseFutureDate(input.date, await todayOf(tx, libraryId));
    const updated = await refusedAs(
      () => repository.updateExpense(tx, libraryId, id, expenseValues(input)),
      'expenses_recurring_day_unique',
      'day-taken' as const,
    );
    if (updated === 'day-taken') throw conflict(m.monthlyDayTaken, 'date');
    if (!updated) throw notFound(m.notFound);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.expenseUpdated,
      entityType: 'expense',
      entityId: id,
      detail: `${described(before)} by ${before.mode} → ${described(input)} by ${input.mode}`,
    });
    return expenseRecord(tx, libraryId, id);
  });
}

/**
 * Deletes an expense. An entry of a monthly expense stays deleted: entries are made only
 * for months after the last one made.
 */
export async function deleteExpense(context: ExpensesContext, actor: Actor, id: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const deleted = await repository.deleteExpense(tx, actor.libraryId, id);
    if (!deleted) throw notFound(m.notFound);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.expenseDeleted,
      entityType: 'expense',
      entityId: id,
      detail: described(deleted),
    });
  });
}

async function recurringRecord(db: DbOrTx, libraryId: string, id: string): Promise<RecurringExpenseRecord> {
  const row = await repository.findRecurring(db, libraryId, id);
  if (!row) throw notFound(m.recurring.notFound);
  return presentRecurring(row);
}

const describedRecurring = (recurring: { category: string; amount: number | string; day_of_month: number }) =>
  `${categoryName(recurring.category)} ${formatRupees(Number(recurring.amount))} every month on day ${recurring.day_of_month}`;

/**
 * Adds a monthly expense: an entry on `day_of_month` of each month from `start_month`
 * (from 2 years back to 1 year ahead); those whose day has come are made at once.
 */
export async function createRecurring(
  context: ExpensesContext,
  actor: Actor,
  input: RecurringInput,
): Promise<RecurringExpenseRecord> {
  const { libraryId } = actor;
  return context.db.transaction(async (tx) => {
    refuseFarStartMonth(input.start_month, await todayOf(tx, libraryId));
    const id = await repository.insertRecurring(tx, libraryId, { ...recurringValues(input), createdBy: actor.adminId });
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.recurringExpenseCreated,
      entityType: 'recurring_expense',
      entityId: id,
      detail: `${describedRecurring(input)} from ${input.start_month}`,
    });
    await catchUpRecurringExpenses(tx, libraryId);
    return recurringRecord(tx, libraryId, id);
  });
}

/**
 * Changes a monthly expense's next entries: the entries due under the old terms are made
 * first, and entries made stay as they are. A changed starting month must lie within the
 * range a new one may.
 */
export async function updateRecurring(
  context: ExpensesContext,
  actor: Actor,
  id: string,
  input: RecurringInput,
): Promise<RecurringExpenseRecord> {
  const { libraryId } = actor;
  return context.db.transaction(async (tx) => {
    await catchUpRecurringExpenses(tx, libraryId);
    const before = await repository.lockLiveRecurring(tx, libraryId, id);
    if (!before) throw notFound(m.recurring.notFound);
    if (input.start_month !== before.start_month) refuseFarStartMonth(input.start_month, await todayOf(tx, libraryId));
    await repository.updateRecurring(tx, libraryId, id, recurringValues(input));
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.recurringExpenseUpdated,
      entityType: 'recurring_expense',
      entityId: id,
      detail: `${describedRecurring(before)} → ${describedRecurring(input)}`,
    });
    await catchUpRecurringExpenses(tx, libraryId);
    return recurringRecord(tx, libraryId, id);
  });
}

/** Stops a monthly expense: the entries due so far are made, then no more; entries made stay. */
export async function stopRecurring(context: ExpensesContext, actor: Actor, id: string): Promise<void> {
  const { libraryId } = actor;
  await context.db.transaction(async (tx) => {
    await catchUpRecurringExpenses(tx, libraryId);
    const recurring = await repository.lockLiveRecurring(tx, libraryId, id);
    if (!recurring) throw notFound(m.recurring.notFound);
    await repository.stopRecurring(tx, libraryId, id);
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.recurringExpenseStopped,
      entityType: 'recurring_expense',
      entityId: id,
      detail: describedRecurring(recurring),
    });
  });
}
