import { describe, expect, it } from 'vitest';
import { dayBookSchema, messages, todayIn } from '@app/shared';
import { insertStudent } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { moneyLibrary, pay, subscribe } from '../../test/money';

const p = messages.payments;
const t = useTestApp();

type Library = Awaited<ReturnType<typeof moneyLibrary>>;

/** A payment written at a given instant (the API stamps payments with now()). */
async function paymentAt(
  library: Library,
  at: string,
  payment: { amount: number; mode: string; recordedBy: string | null; firstName?: string; reference?: string },
) {
  const student = await insertStudent(t.pool, library.libraryId, { firstName: payment.firstName ?? 'Asha' });
  const subscription = await t.pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, false, '06:00', '14:00', '2026-03-01', '2026-03-31', 1) returning id`,
    [library.libraryId, student.id],
  );
  await t.pool.query(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, reference, recorded_by, created_at, updated_at)
     values ($1, $2, $3, $4, 1, $5, 'new', false, $6, $7, $8::timestamptz, $8::timestamptz)`,
    [
      library.libraryId,
      subscription.rows[0]!.id,
      student.id,
      payment.amount,
      payment.mode,
      payment.reference ?? null,
      payment.recordedBy,
      at,
    ],
  );
  return student;
}

async function dayBook(library: Library, query = '') {
  const response = await t.app.inject({ url: `/api/day-book${query}`, headers: library.auth });
  expect(response.statusCode, response.body).toBe(200);
  return dayBookSchema.parse(response.json().data);
}

const modeTotals = (book: Awaited<ReturnType<typeof dayBook>>) =>
  Object.fromEntries(book.by_mode.map((row) => [row.mode, [row.count, row.amount]]));

describe('GET /api/day-book', () => {
  it("counts a payment on the library's local day: 23:59 and 00:01 in India fall on two days", async () => {
    const library = await moneyLibrary(t);
    // 9 March 23:59 IST is 18:29 UTC; 10 March 00:01 IST is 18:31 UTC on the 9th;
    // 10 March 05:00 IST is 23:30 UTC on the 9th; 10 March 23:59:59 IST is 18:29:59 UTC.
    await paymentAt(library, '2026-03-09T18:29:00Z', {
      amount: 1000,
      mode: 'Cash',
      recordedBy: library.adminId,
      firstName: 'Late',
    });
    await paymentAt(library, '2026-03-09T18:31:00Z', {
      amount: 250.5,
      mode: 'Cash',
      recordedBy: library.adminId,
      firstName: 'Early',
    });
    await paymentAt(library, '2026-03-09T23:30:00Z', {
      amount: 700,
      mode: 'UPI',
      recordedBy: null,
      firstName: 'Old',
      reference: '123456789012',
    });
    await paymentAt(library, '2026-03-10T18:29:59Z', {
      amount: 49.5,
      mode: 'UPI',
      recordedBy: library.adminId,
      firstName: 'Last',
      reference: '123456789013',
    });
    await paymentAt(library, '2026-03-10T18:30:00Z', { amount: 1, mode: 'Card', recordedBy: null, firstName: 'Next' });
    await paymentAt(library, '2026-03-10T10:00:00Z', {
      amount: 0,
      mode: 'Cheque',
      recordedBy: null,
      firstName: 'Zero',
    });

    const ninth = await dayBook(library, '?date=2026-03-09');
    expect(ninth.date).toBe('2026-03-09');
    expect(ninth.total).toEqual({ count: 1, amount: 1000 });
    expect(ninth.payments.map((payment) => payment.first_name)).toEqual(['Late']);

    const tenth = await dayBook(library, '?date=2026-03-10');
    expect(tenth.total).toEqual({ count: 3, amount: 1000 });
    expect(tenth.payments.map((payment) => payment.first_name)).toEqual(['Early', 'Old', 'Last']);
    expect(modeTotals(tenth)).toEqual({
      Cash: [1, 250.5],
      UPI: [2, 749.5],
      Card: [0, 0],
      'Bank Transfer': [0, 0],
      Cheque: [0, 0],
    });
    expect(tenth.by_collector).toEqual([
      { admin_id: null, name: null, count: 1, amount: 700 },
      { admin_id: library.adminId, name: library.adminName, count: 2, amount: 300 },
    ]);
    expect(tenth.payments[1]).toMatchObject({
      amount: 700,
      mode: 'UPI',
      reference: '123456789012',
      recorded_by: null,
      recorded_by_name: null,
      last_name: 'Test',
      created_at: '2026-03-09T23:30:00.000Z',
    });

    const eleventh = await dayBook(library, '?date=2026-03-11');
    expect(eleventh.total).toEqual({ count: 1, amount: 1 });
  });

  it("follows the library's own time zone", async () => {
    const library = await moneyLibrary(t);
    await t.pool.query(`update libraries set time_zone = 'America/New_York' where id = $1`, [library.libraryId]);
    // 10 March 2026 02:00 UTC is 9 March 22:00 in New York (EDT starts on 8 March).
    await paymentAt(library, '2026-03-10T02:00:00Z', { amount: 300, mode: 'Cash', recordedBy: library.adminId });
    expect((await dayBook(library, '?date=2026-03-09')).total).toEqual({ count: 1, amount: 300 });
    expect((await dayBook(library, '?date=2026-03-10')).total).toEqual({ count: 0, amount: 0 });
  });

  it("is today's where the library is by default, payments recorded through the API included", async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, {
      price: 1000,
      fee: 400,
      mode: 'UPI',
      reference: '555544443333',
    });
    expect((await pay(t, library.auth, subscriptionId, { amount: 100.25, mode: 'Cash' })).statusCode).toBe(201);
    const book = await dayBook(library);
    expect(book.date).toBe(todayIn('Asia/Kolkata'));
    expect(book.total).toEqual({ count: 2, amount: 500.25 });
    expect(book.payments.map((payment) => [payment.kind, payment.amount])).toEqual([
      ['new', 400],
      ['balance', 100.25],
    ]);
    expect(book.by_collector).toEqual([
      { admin_id: library.adminId, name: library.adminName, count: 2, amount: 500.25 },
    ]);
    expect(await dayBook(library, '?date=')).toEqual(book);
  });

  it("never shows another library's payments", async () => {
    const owner = await moneyLibrary(t);
    const other = await moneyLibrary(t);
    await paymentAt(owner, '2026-03-09T06:00:00Z', { amount: 900, mode: 'Cash', recordedBy: owner.adminId });
    expect((await dayBook(other, '?date=2026-03-09')).total).toEqual({ count: 0, amount: 0 });
    expect((await dayBook(other, '?date=2026-03-09')).by_collector).toEqual([]);
  });

  it('refuses a date that is not a calendar day with 400', async () => {
    const library = await moneyLibrary(t);
    for (const date of ['2026-02-30', '09-03-2026', 'today', '2026-3-9']) {
      const response = await t.app.inject({ url: `/api/day-book?date=${date}`, headers: library.auth });
      expect(response.statusCode, date).toBe(400);
      expect(response.json()).toMatchObject({ status: false, code: 400, errors: [{ field: 'date' }] });
    }
  });
});

describe('GET /api/day-book/export', () => {
  it("exports the day's payments as CSV named after the day", async () => {
    const library = await moneyLibrary(t);
    await paymentAt(library, '2026-03-09T18:31:00Z', {
      amount: 250.5,
      mode: 'Cash',
      recordedBy: library.adminId,
      firstName: 'Early',
    });
    await paymentAt(library, '2026-03-10T08:15:00Z', {
      amount: 700,
      mode: 'UPI',
      recordedBy: null,
      firstName: '=Old',
      reference: '123456789012',
    });
    const response = await t.app.inject({ url: '/api/day-book/export?date=2026-03-10', headers: library.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="day-book-2026-03-10.csv"');
    const lines = response.body.trim().split('\r\n');
    const [header, ...rows] = lines;
    const columns = p.dayBook.columns;
    expect(header).toBe(
      [
        columns.time,
        columns.student,
        columns.mobile,
        `${columns.amount} (INR)`,
        columns.mode,
        columns.reference,
        columns.receivedBy,
        columns.receiptNo,
        columns.note,
      ].join(','),
    );
    expect(rows.map((row) => row.split(',').filter((_, index) => index !== 2))).toEqual([
      // Written straight to the table, these have no receipt numbers.
      ['12:01 AM', 'Early Test', '250.50', 'Cash', '', library.adminName, '', ''],
      ['1:45 PM', "'=Old Test", '700.00', 'UPI', '123456789012', p.notRecorded, '', ''],
    ]);
  });

  it("is today's by default", async () => {
    const library = await moneyLibrary(t);
    const response = await t.app.inject({ url: '/api/day-book/export', headers: library.auth });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="day-book-${todayIn('Asia/Kolkata')}.csv"`,
    );
    expect(response.body.trim().split('\r\n')).toHaveLength(1);
  });
});
