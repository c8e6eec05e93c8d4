import { describe, expect, it } from 'vitest';
import { messages, profitSchema, todayIn } from '@app/shared';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';

const t = useTestApp();

type Auth = Record<string, string>;

/** `YYYY-MM` shifted by `by` months. */
function monthFrom(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const thisMonth = () => todayIn('Asia/Kolkata').slice(0, 7);
const MINUTE = 60_000;

async function library() {
  const { session, auth } = await registerLibrary(t.app);
  const libraryId = session.library.id;
  const student = await insertStudent(t.pool, libraryId);
  const subscription = await t.pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, false, '06:00', '14:00', current_date - 60, current_date + 30, 3) returning id`,
    [libraryId, student.id],
  );
  return { libraryId, auth, studentId: student.id, subscriptionId: subscription.rows[0]!.id };
}

type Library = Awaited<ReturnType<typeof library>>;

/** A fee received at `at`; a void or an adjustment of another fee when told. Answers its id. */
async function feeAt(
  library: Library,
  at: Date,
  amount: number,
  options: { voided?: boolean; adjusts?: string } = {},
): Promise<string> {
  const result = await t.pool.query<{ id: string }>(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved,
                       adjusts_id, reason, voided_at, void_reason, created_at, updated_at)
     values ($1, $2, $3, $4, 3, 'Cash', $5, false, $6, $7, $8, $9, $10, $10) returning id`,
    [
      library.libraryId,
      library.subscriptionId,
      library.studentId,
      amount,
      options.adjusts ? 'adjustment' : 'balance',
      options.adjusts ?? null,
      options.adjusts ? 'Refund' : null,
      options.voided ? at : null,
      options.voided ? 'Entered twice' : null,
      at,
    ],
  );
  return result.rows[0]!.id;
}

async function expenseOn(library: Library, date: string, amount: number) {
  await t.pool.query(
    `insert into expenses (library_id, spent_on, category, amount, mode) values ($1, $2, 'rent', $3, 'Cash')`,
    [library.libraryId, date, amount],
  );
}

async function profitOf(auth: Auth, query = '') {
  const response = await t.app.inject({ url: `/api/profit${query}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return profitSchema.parse(response.json().data);
}

describe('GET /api/profit', () => {
  it("counts fees in the library's month (IST), leaves voids out, takes refunds off, and subtracts expenses", async () => {
    const lib = await library();
    const month = thisMonth();
    const lastMonth = monthFrom(month, -1);
    // The library's midnight starting this month: 18:30 UTC on the last day of last month.
    const midnight = new Date(`${month}-01T00:00:00+05:30`);
    await feeAt(lib, new Date(midnight.getTime() - MINUTE), 1000); // 23:59 IST: last month
    const early = await feeAt(lib, new Date(midnight.getTime() + MINUTE), 2500); // 00:01 IST: this month
    await feeAt(lib, new Date(midnight.getTime() + 2 * MINUTE), 700, { voided: true });
    await feeAt(lib, new Date(midnight.getTime() + 3 * MINUTE), -400, { adjusts: early });
    await expenseOn(lib, `${month}-01`, 1500);
    await expenseOn(lib, `${lastMonth}-28`, 3000);
    await expenseOn(lib, `${monthFrom(month, -3)}-10`, 99); // before the three months asked for

    const profit = await profitOf(lib.auth, '?months=3');
    expect(profit.months).toEqual([
      { month: monthFrom(month, -2), collected: 0, expenses: 0, profit: 0 },
      { month: lastMonth, collected: 1000, expenses: 3000, profit: -2000 },
      { month, collected: 2100, expenses: 1500, profit: 600 },
    ]);
    expect(profit.total).toEqual({ collected: 3100, expenses: 4500, profit: -1400 });
  });

  it('answers the last 12 months by default, oldest first and the current one last, in exact rupees', async () => {
    const lib = await library();
    await feeAt(lib, new Date(), 0.1);
    await feeAt(lib, new Date(), 0.2);
    await expenseOn(lib, todayIn('Asia/Kolkata'), 0.3);
    const profit = await profitOf(lib.auth);
    expect(profit.months.map((row) => row.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => monthFrom(thisMonth(), index - 11)),
    );
    expect(profit.months.at(-1)).toEqual({ month: thisMonth(), collected: 0.3, expenses: 0.3, profit: 0 });
    expect((await profitOf(lib.auth, '?months=1')).months).toHaveLength(1);
    expect((await profitOf(lib.auth, '?months=24')).months).toHaveLength(24);
  });

  it('refuses a number of months outside 1 to 24', async () => {
    const lib = await library();
    for (const months of ['0', '25', 'abc', '1.5', '-1']) {
      const response = await t.app.inject({ url: `/api/profit?months=${months}`, headers: lib.auth });
      expect(response.statusCode, months).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'months', message: messages.profit.monthsInvalid, messageCode: 'profit.monthsInvalid' },
      ]);
    }
  });

  it("counts nothing of another library's", async () => {
    const owner = await library();
    const other = await library();
    await feeAt(owner, new Date(), 5000);
    await expenseOn(owner, todayIn('Asia/Kolkata'), 1000);
    expect((await profitOf(other.auth, '?months=1')).total).toEqual({ collected: 0, expenses: 0, profit: 0 });
    expect((await profitOf(owner.auth, '?months=1')).total).toEqual({ collected: 5000, expenses: 1000, profit: 4000 });
  });
});

describe('GET /api/profit/export', () => {
  it('answers one row a month as CSV, a loss below zero, named after its months', async () => {
    const lib = await library();
    const month = thisMonth();
    await feeAt(lib, new Date(), 1200.5);
    await expenseOn(lib, `${monthFrom(month, -1)}-15`, 800);
    const response = await t.app.inject({ url: '/api/profit/export?months=2', headers: lib.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="profit-${monthFrom(month, -1)}-to-${month}.csv"`,
    );
    const c = messages.profit.columns;
    expect(response.body.trim().split('\r\n')).toEqual([
      `${c.month},${c.collected} (INR),${c.expenses} (INR),${c.profit} (INR)`,
      `${monthFrom(month, -1)},0.00,800.00,-800.00`,
      `${month},1200.50,0.00,1200.50`,
    ]);
  });

  it('needs a session before it reads the query', async () => {
    expect((await t.app.inject({ url: '/api/profit/export?months=zero' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/profit' })).statusCode).toBe(401);
  });
});
