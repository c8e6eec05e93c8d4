import { describe, expect, it } from 'vitest';
import { expenseMonthSchema, expenseRecordSchema, messages, recurringExpenseRecordSchema, todayIn } from '@app/shared';
import { createRecurringExpenseWorker } from '../../lib/recurring-expenses';
import { registerLibrary, useTestApp } from '../../test/helpers';

const m = messages.expenses;
const t = useTestApp();

type Auth = Record<string, string>;

async function library() {
  const { session, auth } = await registerLibrary(t.app);
  return { libraryId: session.library.id, auth };
}

/** `YYYY-MM` shifted by `by` months. */
function monthFrom(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A day `by` days from a `YYYY-MM-DD` date. */
function dayFrom(date: string, by: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + by);
  return day.toISOString().slice(0, 10);
}

const today = () => todayIn('Asia/Kolkata');
const quiet = { info() {}, error() {} };
const thisMonth = () => today().slice(0, 7);

function send(auth: Auth, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function addExpense(auth: Auth, body: object) {
  const response = await send(auth, 'POST', '/api/expenses', body);
  expect(response.statusCode, response.body).toBe(201);
  return expenseRecordSchema.parse(response.json().data);
}

async function addRecurring(auth: Auth, body: object) {
  const response = await send(auth, 'POST', '/api/expenses/recurring', body);
  expect(response.statusCode, response.body).toBe(201);
  return recurringExpenseRecordSchema.parse(response.json().data);
}

async function monthOf(auth: Auth, month?: string) {
  const response = await t.app.inject({ url: `/api/expenses${month ? `?month=${month}` : ''}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return expenseMonthSchema.parse(response.json().data);
}

/** The entries of one recurring expense, as stored, by date. */
async function entriesOf(recurringId: string) {
  const result = await t.pool.query<{ date: string; amount: string; category: string }>(
    `select to_char(spent_on, 'YYYY-MM-DD') as date, amount::text, category from expenses
     where recurring_id = $1 order by spent_on`,
    [recurringId],
  );
  return result.rows;
}

async function auditOf(libraryId: string, action: string) {
  const result = await t.pool.query<{ entity_id: string; detail: string }>(
    `select entity_id, detail from audit_log where library_id = $1 and action = $2 order by created_at`,
    [libraryId, action],
  );
  return result.rows;
}

const rent = { category: 'rent', amount: 15000, mode: 'Bank Transfer', note: 'Shop rent' };

describe('expenses', () => {
  it("adds expenses and answers the month's, newest first, with the total and by category", async () => {
    const { auth, libraryId } = await library();
    const day = today();
    const first = await addExpense(auth, { ...rent, date: `${thisMonth()}-01` });
    const light = await addExpense(auth, { date: day, category: 'Electricity', amount: '2400.50', mode: 'UPI' });
    const water = await addExpense(auth, {
      date: day,
      category: '  Water   cans ',
      amount: 300,
      mode: 'Cash',
      note: ' ',
    });
    // The day before the month began is another month's.
    await addExpense(auth, { ...rent, date: dayFrom(`${thisMonth()}-01`, -1) });

    expect(light).toMatchObject({ category: 'electricity', amount: 2400.5, note: null, recurring_id: null });
    expect(water.category).toBe('Water cans');
    const month = await monthOf(auth);
    expect(month.month).toBe(thisMonth());
    expect(month.total).toBe(17700.5);
    // Latest date first, then the latest entered (on the 1st, all three share the day).
    expect(month.expenses.map((expense) => expense.id)).toEqual([water.id, light.id, first.id]);
    expect(month.by_category).toEqual([
      { category: 'rent', amount: 15000, count: 1 },
      { category: 'electricity', amount: 2400.5, count: 1 },
      { category: 'Water cans', amount: 300, count: 1 },
    ]);
    expect((await monthOf(auth, monthFrom(thisMonth(), -1))).total).toBe(15000);
    expect(await auditOf(libraryId, 'expense.create')).toHaveLength(4);
    expect((await auditOf(libraryId, 'expense.create'))[1]!.detail).toMatch(/^Electricity ₹2,400\.50 on .* by UPI$/);
  });

  it("refuses a date after the library's today, and negative, zero or fractional-paise amounts, saving nothing", async () => {
    const { auth, libraryId } = await library();
    const body = { ...rent, date: today() };
    const cases: [object, string, string][] = [
      [{ ...body, date: dayFrom(today(), 1) }, 'date', m.dateInFuture],
      [{ ...body, date: '2026-02-30' }, 'date', m.dateInvalid],
      [{ ...body, amount: -100 }, 'amount', m.amountInvalid],
      [{ ...body, amount: 0 }, 'amount', m.amountInvalid],
      [{ ...body, amount: '10.005' }, 'amount', m.amountInvalid],
      [{ ...body, amount: 0.001 }, 'amount', m.amountInvalid],
      [{ ...body, category: '' }, 'category', m.categoryRequired],
      [{ ...body, note: 'x'.repeat(201) }, 'note', m.noteTooLong],
      [{ ...body, mode: 'Gold' }, 'mode', ''],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(auth, 'POST', '/api/expenses', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json().errors.find((entry: { field: string }) => entry.field === field);
      expect(error, response.body).toBeDefined();
      if (message) expect(error.message).toBe(message);
    }
    expect((await monthOf(auth)).expenses).toEqual([]);
    expect(await auditOf(libraryId, 'expense.create')).toEqual([]);
  });

  it('changes and deletes an expense, the audit log keeping what it was', async () => {
    const { auth, libraryId } = await library();
    const expense = await addExpense(auth, { ...rent, date: `${thisMonth()}-01` });
    const changed = await send(auth, 'PUT', `/api/expenses/${expense.id}`, { ...rent, amount: 16000, date: today() });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: m.updated,
      data: { id: expense.id, amount: 16000, date: today() },
    });
    const future = await send(auth, 'PUT', `/api/expenses/${expense.id}`, { ...rent, date: dayFrom(today(), 1) });
    expect(future.statusCode).toBe(400);
    const [update] = await auditOf(libraryId, 'expense.update');
    expect(update!.detail).toMatch(
      /^Rent ₹15,000\.00 on .* by Bank Transfer → Rent ₹16,000\.00 on .* by Bank Transfer$/,
    );

    const deleted = await send(auth, 'DELETE', `/api/expenses/${expense.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: m.deleted, data: null });
    expect((await send(auth, 'DELETE', `/api/expenses/${expense.id}`)).statusCode).toBe(404);
    expect((await monthOf(auth)).expenses).toEqual([]);
    expect(await auditOf(libraryId, 'expense.delete')).toEqual([
      { entity_id: expense.id, detail: expect.stringMatching(/^Rent ₹16,000\.00 on /) },
    ]);
  });

  it("keeps one library's expenses from another: not listed, not changed, not deleted", async () => {
    const owner = await library();
    const intruder = await library();
    const expense = await addExpense(owner.auth, { ...rent, date: today() });
    const recurring = await addRecurring(owner.auth, { ...rent, day_of_month: 1, start_month: thisMonth() });
    expect(await monthOf(intruder.auth)).toMatchObject({ total: 0, expenses: [], by_category: [], recurring: [] });
    const attempts = [
      send(intruder.auth, 'PUT', `/api/expenses/${expense.id}`, { ...rent, date: today(), amount: 1 }),
      send(intruder.auth, 'DELETE', `/api/expenses/${expense.id}`),
      send(intruder.auth, 'PUT', `/api/expenses/recurring/${recurring.id}`, {
        ...rent,
        amount: 1,
        day_of_month: 1,
        start_month: thisMonth(),
      }),
      send(intruder.auth, 'DELETE', `/api/expenses/recurring/${recurring.id}`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    const month = await monthOf(owner.auth);
    expect(month.expenses.map((entry) => entry.amount)).toEqual([15000, 15000]);
    expect(month.recurring.map((entry) => [entry.id, entry.amount])).toEqual([[recurring.id, 15000]]);
  });
});

describe('monthly recurring expenses', () => {
  it('makes rent on the 1st for every month since its starting month, once, at once', async () => {
    const { auth, libraryId } = await library();
    const start = monthFrom(thisMonth(), -5);
    const recurring = await addRecurring(auth, { ...rent, day_of_month: 1, start_month: start });
    expect(recurring).toMatchObject({ day_of_month: 1, start_month: start, amount: 15000, category: 'rent' });
    const expected = Array.from({ length: 6 }, (_, index) => `${monthFrom(start, index)}-01`);
    expect((await entriesOf(recurring.id)).map((entry) => entry.date)).toEqual(expected);
    // Read again, by the list, the profit and the worker: nothing more.
    await monthOf(auth);
    await t.app.inject({ url: '/api/profit', headers: auth });
    await createRecurringExpenseWorker({ db: t.app.db, logger: quiet, intervalMs: 60_000 }).runOnce();
    expect(await entriesOf(recurring.id)).toHaveLength(6);
    const month = await monthOf(auth);
    expect(month.expenses).toMatchObject([{ date: expected[5], recurring_id: recurring.id, note: 'Shop rent' }]);
    expect(await auditOf(libraryId, 'recurring_expense.create')).toEqual([
      { entity_id: recurring.id, detail: `Rent ₹15,000.00 every month on day 1 from ${start}` },
    ]);
  });

  it('makes each entry once across concurrent catch-ups (lists, profit and two workers at once)', async () => {
    const { auth, libraryId } = await library();
    const start = monthFrom(thisMonth(), -11);
    // Written straight to the table, as if the server had been down: twelve entries are due.
    const inserted = await t.pool.query<{ id: string }>(
      `insert into recurring_expenses (library_id, category, amount, mode, day_of_month, start_month)
       values ($1, 'rent', 9000, 'Cash', 1, $2) returning id`,
      [libraryId, `${start}-01`],
    );
    const recurringId = inserted.rows[0]!.id;
    const worker = () => createRecurringExpenseWorker({ db: t.app.db, logger: quiet, intervalMs: 60_000 }).runOnce();
    const reads = await Promise.all([
      monthOf(auth),
      monthOf(auth),
      t.app.inject({ url: '/api/profit?months=12', headers: auth }),
      worker(),
      worker(),
    ]);
    expect(reads[0].expenses.map((entry) => entry.recurring_id)).toEqual([recurringId]);
    expect((await entriesOf(recurringId)).map((entry) => entry.date)).toEqual(
      Array.from({ length: 12 }, (_, index) => `${monthFrom(start, index)}-01`),
    );
    const profit = reads[2].json().data;
    expect(profit.total.expenses).toBe(12 * 9000);
  });

  it('leaves a deleted entry deleted', async () => {
    const { auth } = await library();
    const start = monthFrom(thisMonth(), -2);
    const recurring = await addRecurring(auth, { ...rent, day_of_month: 1, start_month: start });
    const entry = (await monthOf(auth, start)).expenses[0]!;
    expect((await send(auth, 'DELETE', `/api/expenses/${entry.id}`)).statusCode).toBe(200);
    await monthOf(auth);
    await createRecurringExpenseWorker({ db: t.app.db, logger: quiet, intervalMs: 60_000 }).runOnce();
    expect((await entriesOf(recurring.id)).map((row) => row.date)).toEqual([
      `${monthFrom(start, 1)}-01`,
      `${monthFrom(start, 2)}-01`,
    ]);
    expect((await monthOf(auth, start)).expenses).toEqual([]);
  });

  it('changes the next entries only, and never makes a month twice when its day moves', async () => {
    const { auth, libraryId } = await library();
    const start = monthFrom(thisMonth(), -2);
    const recurring = await addRecurring(auth, { ...rent, day_of_month: 1, start_month: start });
    const changed = await send(auth, 'PUT', `/api/expenses/recurring/${recurring.id}`, {
      ...rent,
      amount: 17000,
      day_of_month: 5,
      start_month: start,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ message: m.recurring.updated, data: { amount: 17000, day_of_month: 5 } });
    // Three entries on the 1st at the old amount: this month already has its entry.
    expect((await entriesOf(recurring.id)).map((entry) => [entry.date, entry.amount])).toEqual([
      [`${start}-01`, '15000.00'],
      [`${monthFrom(start, 1)}-01`, '15000.00'],
      [`${thisMonth()}-01`, '15000.00'],
    ]);
    // A month later (as if: this month's entry not made yet), the new terms apply.
    await t.pool.query(`delete from expenses where recurring_id = $1 and spent_on = $2`, [
      recurring.id,
      `${thisMonth()}-01`,
    ]);
    await t.pool.query(`update recurring_expenses set generated_through = $2 where id = $1`, [
      recurring.id,
      `${monthFrom(start, 1)}-01`,
    ]);
    await monthOf(auth);
    const madeNow = (await entriesOf(recurring.id)).at(-1)!;
    if (today() >= `${thisMonth()}-05`)
      expect(madeNow).toMatchObject({ date: `${thisMonth()}-05`, amount: '17000.00' });
    else expect(madeNow.date).toBe(`${monthFrom(start, 1)}-01`);
    expect((await auditOf(libraryId, 'recurring_expense.update'))[0]!.detail).toBe(
      'Rent ₹15,000.00 every month on day 1 → Rent ₹17,000.00 every month on day 5',
    );
  });

  it('stops: the entries made stay, no more are made, and it leaves the running list', async () => {
    const { auth, libraryId } = await library();
    const start = monthFrom(thisMonth(), -1);
    const recurring = await addRecurring(auth, { ...rent, day_of_month: 1, start_month: start });
    const stopped = await send(auth, 'DELETE', `/api/expenses/recurring/${recurring.id}`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({ message: m.recurring.stopped, data: null });
    expect((await monthOf(auth)).recurring).toEqual([]);
    // Even with months left to make, a stopped expense makes none.
    await t.pool.query(`update recurring_expenses set generated_through = null where id = $1`, [recurring.id]);
    await t.pool.query(`delete from expenses where recurring_id = $1 and spent_on = $2`, [
      recurring.id,
      `${thisMonth()}-01`,
    ]);
    await monthOf(auth);
    await createRecurringExpenseWorker({ db: t.app.db, logger: quiet, intervalMs: 60_000 }).runOnce();
    expect((await entriesOf(recurring.id)).map((entry) => entry.date)).toEqual([`${start}-01`]);
    expect((await send(auth, 'DELETE', `/api/expenses/recurring/${recurring.id}`)).statusCode).toBe(404);
    const edit = await send(auth, 'PUT', `/api/expenses/recurring/${recurring.id}`, {
      ...rent,
      day_of_month: 1,
      start_month: start,
    });
    expect(edit.statusCode).toBe(404);
    expect(await auditOf(libraryId, 'recurring_expense.stop')).toHaveLength(1);
  });

  it('makes an entry of a month whose day has not come only when it comes', async () => {
    const { auth } = await library();
    const day = Number(today().slice(8, 10));
    // A day still ahead this month (when today is the 28th or later, none is: nothing to test).
    if (day >= 28) return;
    const recurring = await addRecurring(auth, { ...rent, day_of_month: day + 1, start_month: thisMonth() });
    expect(await entriesOf(recurring.id)).toEqual([]);
    const due = await addRecurring(auth, {
      ...rent,
      category: 'internet',
      day_of_month: day,
      start_month: thisMonth(),
    });
    expect((await entriesOf(due.id)).map((entry) => entry.date)).toEqual([today()]);
  });

  it('refuses a starting month far back or ahead, a day past the 28th and bad amounts', async () => {
    const { auth } = await library();
    const body = { ...rent, day_of_month: 1, start_month: thisMonth() };
    const cases: [object, string][] = [
      [{ ...body, start_month: monthFrom(thisMonth(), -25) }, 'start_month'],
      [{ ...body, start_month: monthFrom(thisMonth(), 13) }, 'start_month'],
      [{ ...body, start_month: '2026-13' }, 'start_month'],
      [{ ...body, day_of_month: 29 }, 'day_of_month'],
      [{ ...body, day_of_month: 0 }, 'day_of_month'],
      [{ ...body, amount: -1 }, 'amount'],
      [{ ...body, amount: '1.234' }, 'amount'],
    ];
    for (const [payload, field] of cases) {
      const response = await send(auth, 'POST', '/api/expenses/recurring', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    const farBack = await send(auth, 'POST', '/api/expenses/recurring', {
      ...body,
      start_month: monthFrom(thisMonth(), -25),
    });
    expect(farBack.json().message).toBe(m.recurring.startMonthOutOfRange);
    expect((await addRecurring(auth, { ...body, start_month: monthFrom(thisMonth(), -24) })).start_month).toBe(
      monthFrom(thisMonth(), -24),
    );
    expect((await monthOf(auth)).recurring).toHaveLength(1);
  });

  it('lets an edit keep a starting month that has since fallen out of that range', async () => {
    const { auth, libraryId } = await library();
    const start = monthFrom(thisMonth(), -30);
    // Started 30 months ago (as if created then), its entries made through last month.
    const inserted = await t.pool.query<{ id: string }>(
      `insert into recurring_expenses (library_id, category, amount, mode, day_of_month, start_month, generated_through)
       values ($1, 'rent', 9000, 'Cash', 1, $2, $3) returning id`,
      [libraryId, `${start}-01`, `${monthFrom(thisMonth(), -1)}-01`],
    );
    const id = inserted.rows[0]!.id;
    const body = { ...rent, amount: 9500, day_of_month: 1, start_month: start };
    const kept = await send(auth, 'PUT', `/api/expenses/recurring/${id}`, body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ start_month: start, amount: 9500 });
    expect((await entriesOf(id)).map((entry) => [entry.date, entry.amount])).toEqual([
      [`${thisMonth()}-01`, '9000.00'],
    ]);
    const moved = await send(auth, 'PUT', `/api/expenses/recurring/${id}`, {
      ...body,
      start_month: monthFrom(start, 1),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([
      {
        field: 'start_month',
        message: m.recurring.startMonthOutOfRange,
        messageCode: 'expenses.recurring.startMonthOutOfRange',
      },
    ]);
  });

  it('refuses to move an entry of a monthly expense onto a day that expense already has (409)', async () => {
    const { auth } = await library();
    const start = monthFrom(thisMonth(), -1);
    const recurring = await addRecurring(auth, { ...rent, day_of_month: 1, start_month: start });
    const entry = (await monthOf(auth, start)).expenses[0]!;
    const moved = await send(auth, 'PUT', `/api/expenses/${entry.id}`, { ...rent, date: `${thisMonth()}-01` });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().errors).toEqual([
      { field: 'date', message: m.monthlyDayTaken, messageCode: 'expenses.monthlyDayTaken' },
    ]);
    expect(await entriesOf(recurring.id)).toHaveLength(2);
  });
});
