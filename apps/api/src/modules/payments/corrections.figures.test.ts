import { beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardSchema,
  dayBookSchema,
  dueListSchema,
  feeListSchema,
  messages,
  paymentResultSchema,
  subscriptionAccountSchema,
  subscriptionListSchema,
} from '@app/shared';
import { useTestApp } from '../../test/helpers';
import { moneyLibrary, pay, subscribe } from '../../test/money';

// One subscription recorded, voided and adjusted through the API, then every figure that
// counts fees read back: a void counts for nothing anywhere, adjustments with their sign.
const t = useTestApp();
const r = messages.receipts;

type Library = Awaited<ReturnType<typeof moneyLibrary>>;

async function read<T>(library: Library, url: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const response = await t.app.inject({ url, headers: library.auth });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json().data);
}

async function post(library: Library, url: string, payload: object) {
  const response = await t.app.inject({ method: 'POST', url, headers: library.auth, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return paymentResultSchema.parse(response.json().data).payment;
}

describe('a voided payment and adjustments, counted everywhere', () => {
  let library: Library;
  let subscriptionId: string;
  let studentId: string;
  const ids: Record<'first' | 'twice' | 'upi' | 'refund' | 'more', string> = {
    first: '',
    twice: '',
    upi: '',
    refund: '',
    more: '',
  };
  const receipts: Record<string, string | null> = {};

  beforeAll(async () => {
    library = await moneyLibrary(t);
    // ₹3,000 agreed, ₹1,000 paid in cash on creation.
    ({ subscriptionId, studentId } = await subscribe(t, library, { price: 3000, fee: 1000 }));
    const account = await read(library, `/api/subscription/${subscriptionId}/payments`, subscriptionAccountSchema);
    ids.first = account.payments[0]!.id;
    receipts.first = account.payments[0]!.receipt_no;
    // ₹1,000 entered twice by mistake (voided), ₹500 by UPI, then ₹200 of it refunded in cash
    // and ₹100 more received by card against the first payment.
    const twice = await pay(t, library.auth, subscriptionId, { amount: 1000, mode: 'Cash' });
    ids.twice = paymentResultSchema.parse(twice.json().data).payment.id;
    const upi = await post(library, `/api/subscription/${subscriptionId}/payments`, {
      amount: 500,
      mode: 'UPI',
      reference: '202611240001',
    });
    ids.upi = upi.id;
    receipts.upi = upi.receipt_no;
    await post(library, `/api/payments/${ids.twice}/void`, { reason: 'Entered twice' });
    const refund = await post(library, `/api/payments/${ids.upi}/adjustments`, {
      direction: 'refund',
      amount: 200,
      mode: 'Cash',
      reason: 'Discount agreed late',
    });
    ids.refund = refund.id;
    const more = await post(library, `/api/payments/${ids.first}/adjustments`, {
      direction: 'more',
      amount: 100,
      mode: 'Card',
      reason: 'Locker fee',
    });
    ids.more = more.id;
    receipts.more = more.receipt_no;
  });

  // Paid = 1,000 + 500 − 200 + 100 = 1,400 of 3,000.
  it("the subscription's account", async () => {
    const account = await read(library, `/api/subscription/${subscriptionId}/payments`, subscriptionAccountSchema);
    expect(account).toMatchObject({ price: 3000, paid: 1400, balance: 1600 });
    expect(account.payments.map((entry) => [entry.amount, entry.kind, entry.voided_at !== null])).toEqual([
      [100, 'adjustment', false],
      [-200, 'adjustment', false],
      [500, 'balance', false],
      [1000, 'balance', true],
      [1000, 'new', false],
    ]);
  });

  it("the subscription list's balance and the student's", async () => {
    const list = await read(library, '/api/subscription', subscriptionListSchema);
    expect(list.subscription.find((row) => row.id === subscriptionId)).toMatchObject({
      price: 3000,
      paid: 1400,
      balance: 1600,
    });
    const student = await t.app.inject({ url: `/api/user/${studentId}`, headers: library.auth });
    expect(student.json().data.balance).toBe(1600);
  });

  it('the fee report: every entry listed, the voided one as void, and its status filter', async () => {
    const all = await read(library, '/api/fee?sortBy=created_at&sortOrder=ASC&limit=50', feeListSchema);
    expect(all.fees.map((fee) => [fee.amount, fee.kind, fee.status])).toEqual([
      [1000, 'new', 'paid'],
      [1000, 'balance', 'void'],
      [500, 'balance', 'paid'],
      [-200, 'adjustment', 'paid'],
      [100, 'adjustment', 'paid'],
    ]);
    const voided = await read(library, '/api/fee?status=void', feeListSchema);
    expect(voided.fees.map((fee) => fee.id)).toEqual([ids.twice]);
    const paid = await read(library, '/api/fee?status=paid&limit=50', feeListSchema);
    expect(paid.pagination.totalItems).toBe(4);
    expect(paid.fees.reduce((sum, fee) => sum + fee.amount, 0)).toBe(1400);

    const csv = await t.app.inject({ url: '/api/fee/export?sortBy=created_at&sortOrder=ASC', headers: library.auth });
    const rows = csv.body.trim().split('\r\n').slice(1);
    // Amount (INR), Type and Status: the 4th, 7th and 8th columns.
    expect(rows.map((row) => row.split(',')).map((cells) => [cells[3], cells[6], cells[7]])).toEqual([
      ['1000.00', 'New', 'paid'],
      ['1000.00', 'Balance', 'void'],
      ['500.00', 'Balance', 'paid'],
      ['-200.00', 'Adjustment', 'paid'],
      ['100.00', 'Adjustment', 'paid'],
    ]);
  });

  it('the dashboard: revenue, transactions, modes, chart, plans and recent transactions', async () => {
    const dashboard = await read(library, '/api/dashboard/lifetime', dashboardSchema);
    // Two payments taken and counted (the first and the UPI one); adjustments correct them.
    expect(dashboard.revenue).toEqual({ revenue: 1400, transaction: 2, avg_transaction: 700 });
    expect(dashboard.contentStats).toEqual([
      { mode: 'Cash', amount: 800, count: 1 },
      { mode: 'UPI', amount: 500, count: 1 },
      { mode: 'Card', amount: 100, count: 0 },
      { mode: 'Bank Transfer', amount: 0, count: 0 },
      { mode: 'Cheque', amount: 0, count: 0 },
    ]);
    expect(dashboard.financialStats.reduce((sum, point) => sum + point.revenue, 0)).toBe(1400);
    expect(dashboard.financialStats.reduce((sum, point) => sum + point.transactions, 0)).toBe(2);
    expect(dashboard.topContent).toMatchObject([{ revenue: 1400, totalSales: 1 }]);
    expect(dashboard.recentTransactions.map((entry) => [entry.amount, entry.type])).toEqual([
      [100, 'Adjustment'],
      [-200, 'Adjustment'],
      [500, 'Balance'],
      [1000, 'New'],
    ]);
  });

  it('the dues: the unpaid balance and its total', async () => {
    const dues = await read(library, '/api/dues?group=unpaid', dueListSchema);
    expect(dues.dues.map((due) => [due.subscription_id, due.balance, due.amount_due])).toEqual([
      [subscriptionId, 1600, 1600],
    ]);
    expect(dues.summary.unpaid).toEqual({ count: 1, amount: 1600 });
    expect(dues.summary.outstanding).toEqual({ count: 1, amount: 1600 });
  });

  it('the day book: the void listed and marked, the refund below zero in cash, totals of what counts', async () => {
    const book = await read(library, '/api/day-book', dayBookSchema);
    expect(book.payments.map((entry) => [entry.amount, entry.kind, entry.void_reason])).toEqual([
      [1000, 'new', null],
      [1000, 'balance', 'Entered twice'],
      [500, 'balance', null],
      [-200, 'adjustment', null],
      [100, 'adjustment', null],
    ]);
    expect(book.payments.find((entry) => entry.id === ids.refund)).toMatchObject({
      adjusts_id: ids.upi,
      reason: 'Discount agreed late',
      receipt_no: null,
    });
    expect(book.total).toEqual({ count: 4, amount: 1400 });
    expect(Object.fromEntries(book.by_mode.map((row) => [row.mode, [row.count, row.amount]]))).toMatchObject({
      Cash: [2, 800],
      UPI: [1, 500],
      Card: [1, 100],
    });
    expect(book.by_collector).toEqual([{ admin_id: library.adminId, name: library.adminName, count: 4, amount: 1400 }]);

    const csv = await t.app.inject({ url: '/api/day-book/export', headers: library.auth });
    const rows = csv.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(','));
    // Amount, receipt number and note: the 4th, 8th and 9th columns; the void is not a row.
    expect(rows.map((cells) => [cells[3], cells[7], cells[8]])).toEqual([
      ['1000.00', receipts.first, ''],
      ['500.00', receipts.upi, ''],
      ['-200.00', '', r.refundNote(receipts.upi!, 'Discount agreed late')],
      ['100.00', receipts.more, r.adjustsNote(receipts.first!, 'Locker fee')],
    ]);
    expect(rows.reduce((sum, cells) => sum + Number(cells[3]), 0)).toBe(1400);
  });
});
