import { describe, expect, it } from 'vitest';
import { feeListSchema } from '@app/shared';
import { useTestApp } from '../../test/helpers';
import { moneyLibrary, pay } from '../../test/money';
import { insertStudent } from '../../test/factories';
import { subscriptionBody } from '../../test/bookings';

// Issue 13: balances and balance payments where the rest of the product shows money.
const t = useTestApp();

type Library = Awaited<ReturnType<typeof moneyLibrary>>;

/** A student with two subscriptions: ₹3,000 agreed, ₹1,000 paid; ₹2,000 agreed, ₹2,000 paid, then ₹500 more agreed. */
async function studentOwing(library: Library) {
  const student = await insertStudent(t.pool, library.libraryId, { firstName: 'Nisha' });
  const create = async (price: number, fee: number, start: string, end: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: library.auth,
      payload: { ...subscriptionBody(student.id, { fee, start, end }), price },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const first = await create(3000, 1000, '06:00', '08:00');
  const second = await create(2000, 2000, '10:00', '12:00');
  const renewed = await t.app.inject({
    method: 'PUT',
    url: `/api/subscription/renew/${second}`,
    headers: library.auth,
    payload: { duration: 1, fee: 0, price: 500, mode: 'Cash' },
  });
  expect(renewed.statusCode, renewed.body).toBe(200);
  return { studentId: student.id, first, second };
}

describe('balances beyond the subscription', () => {
  it('the student detail answers what the student owes over all their subscriptions', async () => {
    const library = await moneyLibrary(t);
    const { studentId, first } = await studentOwing(library);
    const detail = async () =>
      (await t.app.inject({ url: `/api/user/${studentId}`, headers: library.auth })).json().data;
    expect((await detail()).balance).toBe(2500);
    expect((await pay(t, library.auth, first, { amount: '1999.99', mode: 'Cash' })).statusCode).toBe(201);
    expect((await detail()).balance).toBe(500.01);
    const stranger = await insertStudent(t.pool, library.libraryId);
    expect((await t.app.inject({ url: `/api/user/${stranger.id}`, headers: library.auth })).json().data.balance).toBe(
      0,
    );
  });

  it('the fee report lists balance payments with their kind, the CSV types them Balance', async () => {
    const library = await moneyLibrary(t);
    const { first } = await studentOwing(library);
    expect(
      (await pay(t, library.auth, first, { amount: 250, mode: 'UPI', reference: '246824682468' })).statusCode,
    ).toBe(201);
    const list = await t.app.inject({ url: '/api/fee?sortBy=amount&sortOrder=ASC', headers: library.auth });
    expect(list.statusCode, list.body).toBe(200);
    const fees = feeListSchema.parse(list.json().data).fees;
    expect(fees.map((fee) => [fee.kind, fee.amount])).toEqual([
      ['renewal', 0],
      ['balance', 250],
      ['new', 1000],
      ['new', 2000],
    ]);
    const csv = await t.app.inject({ url: '/api/fee/export?sortBy=amount&sortOrder=ASC', headers: library.auth });
    const types = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[6]);
    expect(types).toEqual(['Renewal', 'Balance', 'New', 'New']);
  });

  it('the dashboard counts a balance payment as revenue and a transaction, not as a sale of a plan', async () => {
    const library = await moneyLibrary(t);
    const { first } = await studentOwing(library);
    expect((await pay(t, library.auth, first, { amount: 400, mode: 'Card' })).statusCode).toBe(201);
    const response = await t.app.inject({ url: '/api/dashboard/24_hour', headers: library.auth });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.revenue).toEqual({ revenue: 3400, transaction: 4, avg_transaction: 850 });
    expect(data.recentTransactions[0]).toMatchObject({ amount: 400, type: 'Balance' });
    expect(data.recentTransactions.map((entry: { type: string }) => entry.type).sort()).toEqual([
      'Balance',
      'New',
      'New',
      'Renewal',
    ]);
    // One plan (1 month, non-reserved): the money of all four payments, three sales (two new, one renewal).
    expect(data.topContent).toHaveLength(1);
    expect(data.topContent[0]).toMatchObject({ revenue: 3400, totalSales: 3 });
  });
});
