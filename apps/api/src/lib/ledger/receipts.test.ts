import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { feeListSchema, messages, subscriptionAccountSchema } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { insertStudent } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { moneyLibrary, pay, subscribe } from '../../test/money';
import { assignReceiptNo, defaultReceiptPrefixSql, renumberReceipts } from './receipts';

/** Receipt numbers (issue 14): the format, the financial year, the series under races, the prefix. */

const t = useTestApp();
const db = () => drizzle(t.pool) as unknown as DbOrTx;

type Library = Awaited<ReturnType<typeof moneyLibrary>>;

/** A ₹`amount` payment written at an instant (the API stamps payments with now()), numbered as the API numbers one. */
async function paymentAt(library: Library, at: string, amount = 500) {
  const student = await insertStudent(t.pool, library.libraryId, { firstName: 'Asha' });
  const subscription = await t.pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, false, '06:00', '14:00', '2026-03-01', '2026-03-31', 1) returning id`,
    [library.libraryId, student.id],
  );
  const fee = await t.pool.query<{ id: string }>(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at, updated_at)
     values ($1, $2, $3, $4, 1, 'Cash', 'new', false, $5::timestamptz, $5::timestamptz) returning id`,
    [library.libraryId, subscription.rows[0]!.id, student.id, amount, at],
  );
  // A ₹0 fee takes no number (the API does not ask for one; the table refuses one).
  return amount > 0 ? assignReceiptNo(db(), library.libraryId, fee.rows[0]!.id) : null;
}

async function receiptNumbers(libraryId: string) {
  const result = await t.pool.query<{ receipt_no: string | null; amount: string }>(
    'select receipt_no, amount from fees where library_id = $1 order by receipt_no nulls first',
    [libraryId],
  );
  return result.rows;
}

const settingsBody = (prefix?: string) => ({
  upi_id: null,
  upi_payee_name: null,
  dues_expiring_days: 5,
  dues_grace_days: 7,
  reminder_template: messages.settings.defaultReminderTemplate,
  auto_push_reminders: false,
  price_list: [],
  ...(prefix === undefined ? {} : { receipt_prefix: prefix }),
});

describe('receipt numbers', () => {
  it("numbers by the financial year of the library's day: 23:59 on 31 March and 00:01 on 1 April IST differ", async () => {
    const library = await moneyLibrary(t); // 'Gyan Study Point', Asia/Kolkata
    // 31 March 2027 23:59 IST is 18:29 UTC; 1 April 00:01 IST is 18:31 UTC on 31 March.
    expect(await paymentAt(library, '2027-03-31T18:29:00Z')).toBe('GSP/2026-27/0001');
    expect(await paymentAt(library, '2027-03-31T18:31:00Z')).toBe('GSP/2027-28/0001');
    expect(await paymentAt(library, '2027-01-15T06:00:00Z')).toBe('GSP/2026-27/0002');
    expect(await paymentAt(library, '2099-12-31T06:00:00Z')).toBe('GSP/2099-00/0001');
    const counters = await t.pool.query(
      'select financial_year, last_number from receipt_counters where library_id = $1 order by 1',
      [library.libraryId],
    );
    expect(counters.rows).toEqual([
      { financial_year: 2026, last_number: 2 },
      { financial_year: 2027, last_number: 1 },
      { financial_year: 2099, last_number: 1 },
    ]);
  });

  it("takes the year in the library's own time zone", async () => {
    const library = await moneyLibrary(t);
    await t.pool.query(`update libraries set time_zone = 'America/New_York' where id = $1`, [library.libraryId]);
    // 1 April 2027 03:00 UTC is 31 March 23:00 in New York (and 08:30 on 1 April in India).
    expect(await paymentAt(library, '2027-04-01T03:00:00Z')).toBe('GSP/2026-27/0001');
    expect(await paymentAt(library, '2027-04-01T04:01:00Z')).toBe('GSP/2027-28/0001');
  });

  it('grows the running number past 9999 and shortens the prefix so the number stays within 16 characters', async () => {
    const library = await moneyLibrary(t);
    await t.pool.query(
      `insert into receipt_counters (library_id, financial_year, last_number) values ($1, 2026, 9998)`,
      [library.libraryId],
    );
    expect(await paymentAt(library, '2026-06-01T06:00:00Z')).toBe('GSP/2026-27/9999');
    const next = await paymentAt(library, '2026-06-01T07:00:00Z');
    expect(next).toBe('GS/2026-27/10000');
    expect(next?.length).toBeLessThanOrEqual(16);
  });

  it('derives the default prefix from the name: initials, a one-word name its first three, else R', async () => {
    const cases: Array<[string, string]> = [
      ['Gyan Deep Library', 'GDL'],
      ['gyan  deep', 'GD'],
      ['Saraswati', 'SAR'],
      ['Ram & Shyam Study Centre', 'RSS'],
      ['24x7 Study Hub', '2SH'],
      ['ज्ञान दीप', 'R'],
    ];
    for (const [name, prefix] of cases) {
      const result = await db().execute<{ prefix: string }>(
        sql`select ${defaultReceiptPrefixSql(sql`${name}::text`)} as prefix`,
      );
      expect(result.rows[0]?.prefix, name).toBe(prefix);
    }
  });

  it('numbers parallel payments of one library 0001..000N with no gap or duplicate, a refused one leaving no gap', async () => {
    const library = await moneyLibrary(t);
    const subscriptions: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      subscriptions.push((await subscribe(t, library, { price: 5000, fee: 100 })).subscriptionId);
    }
    // A ₹0 fee receives nothing, so it takes no number.
    const free = await subscribe(t, library, { price: 500, fee: 0 });
    const attempts = Array.from({ length: 12 }, (_, index) => ({
      subscriptionId: subscriptions[index % subscriptions.length]!,
      amount: index === 5 ? 99999 : 100, // the sixth is above its balance: refused mid-race
    }));
    const responses = await Promise.all(
      attempts.map((attempt) => pay(t, library.auth, attempt.subscriptionId, { amount: attempt.amount, mode: 'Cash' })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([...Array(11).fill(201), 422].sort());
    const numbers = await receiptNumbers(library.libraryId);
    expect(numbers[0]).toEqual({ receipt_no: null, amount: '0.00' });
    const expected = Array.from(
      { length: 15 },
      (_, index) => `GSP/${numbers[1]!.receipt_no!.slice(4, 11)}/${String(index + 1).padStart(4, '0')}`,
    );
    expect(numbers.slice(1).map((row) => row.receipt_no)).toEqual(expected);
    // Each answer carries its own number.
    const answered = responses
      .filter((response) => response.statusCode === 201)
      .map((response) => response.json().data.payment.receipt_no as string);
    expect(new Set(answered).size).toBe(11);
    expect(answered.every((receipt) => expected.includes(receipt))).toBe(true);

    // The next payment, after the race, takes the next number.
    const after = await pay(t, library.auth, subscriptions[0]!, { amount: 1, mode: 'Cash' });
    expect(after.json().data.payment.receipt_no).toMatch(/\/0016$/);
    const account = subscriptionAccountSchema.parse(
      (await t.app.inject({ url: `/api/subscription/${free.subscriptionId}/payments`, headers: library.auth })).json()
        .data,
    );
    expect(account.payments.map((payment) => payment.receipt_no)).toEqual([null]);
  });

  it('gives the number back when the payment is rolled back after taking it', async () => {
    const library = await moneyLibrary(t);
    expect(await paymentAt(library, '2026-06-01T06:00:00Z')).toBe('GSP/2026-27/0001');
    const student = await insertStudent(t.pool, library.libraryId, { firstName: 'Rolled' });
    const subscription = await t.pool.query<{ id: string }>(
      `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
       values ($1, $2, false, '06:00', '14:00', '2026-06-01', '2026-06-30', 1) returning id`,
      [library.libraryId, student.id],
    );
    let taken: string | undefined;
    await expect(
      db().transaction(async (tx) => {
        const fee = await tx.execute<{ id: string }>(sql`
          insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at)
          values (${library.libraryId}, ${subscription.rows[0]!.id}, ${student.id}, 100, 1, 'Cash', 'new', false,
                  '2026-06-02T06:00:00Z') returning id`);
        taken = await assignReceiptNo(tx, library.libraryId, fee.rows[0]!.id);
        throw new Error('the payment fails after its number was taken');
      }),
    ).rejects.toThrow('after its number');
    expect(taken).toBe('GSP/2026-27/0002');
    expect(await paymentAt(library, '2026-06-03T06:00:00Z')).toBe('GSP/2026-27/0002');
  });

  it("keeps two libraries' series apart", async () => {
    const first = await moneyLibrary(t);
    const second = await moneyLibrary(t);
    const a = await subscribe(t, first, { price: 1000, fee: 100 });
    await subscribe(t, second, { price: 1000, fee: 100 });
    const paid = await pay(t, first.auth, a.subscriptionId, { amount: 100, mode: 'Cash' });
    expect(paid.json().data.payment.receipt_no).toMatch(/^GSP\/\d{4}-\d{2}\/0002$/);
    expect((await receiptNumbers(second.libraryId)).map((row) => row.receipt_no)).toEqual([
      expect.stringMatching(/^GSP\/\d{4}-\d{2}\/0001$/),
    ]);
  });

  it('answers the number on the fee report and its CSV', async () => {
    const library = await moneyLibrary(t);
    await subscribe(t, library, { price: 1000, fee: 250 });
    const list = feeListSchema.parse((await t.app.inject({ url: '/api/fee', headers: library.auth })).json().data);
    expect(list.fees.map((fee) => fee.receipt_no)).toEqual([expect.stringMatching(/^GSP\/\d{4}-\d{2}\/0001$/)]);
    const csv = await t.app.inject({ url: '/api/fee/export', headers: library.auth });
    expect(csv.body.trim().split('\r\n')[1]).toMatch(/,GSP\/\d{4}-\d{2}\/0001$/);
  });

  it('applies a changed prefix to later receipts only, and keeps it when a save sends none', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 1000, fee: 100 });
    const before = await t.app.inject({ url: '/api/settings', headers: library.auth });
    expect(before.json().data.receipt_prefix).toBe('GSP');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: library.auth,
      payload: settingsBody(' ab1 '),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.receipt_prefix).toBe('AB1');
    const paid = await pay(t, library.auth, subscriptionId, { amount: 100, mode: 'Cash' });
    expect(paid.json().data.payment.receipt_no).toMatch(/^AB1\/\d{4}-\d{2}\/0002$/);
    expect((await receiptNumbers(library.libraryId)).map((row) => row.receipt_no?.split('/')[0])).toEqual([
      'AB1',
      'GSP',
    ]);

    const without = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: library.auth,
      payload: settingsBody(),
    });
    expect(without.json().data.receipt_prefix).toBe('AB1');
  });

  it('refuses a prefix that is not 1–3 capital letters or digits, naming the field, and saves nothing', async () => {
    const library = await moneyLibrary(t);
    for (const prefix of ['ABCD', 'A-B', '', 'ज्ञा']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: library.auth,
        payload: settingsBody(prefix),
      });
      expect(response.statusCode, prefix).toBe(400);
      expect(response.json().errors).toContainEqual({
        field: 'receipt_prefix',
        message: messages.settings.receiptPrefixInvalid,
        messageCode: 'settings.receiptPrefixInvalid',
      });
    }
    const stored = await t.pool.query('select 1 from library_settings where library_id = $1', [library.libraryId]);
    expect(stored.rows).toEqual([]);
  });

  it('renumbers history moved back in time (the demo) by its dates, and the counters follow', async () => {
    const library = await moneyLibrary(t);
    await paymentAt(library, '2026-06-01T06:00:00Z'); // 0001
    await paymentAt(library, '2026-05-01T06:00:00Z'); // 0002, though paid earlier
    await paymentAt(library, '2026-03-01T06:00:00Z', 0);
    await paymentAt(library, '2026-03-02T06:00:00Z');
    await renumberReceipts(db(), library.libraryId);
    const rows = await t.pool.query('select receipt_no from fees where library_id = $1 order by created_at', [
      library.libraryId,
    ]);
    expect(rows.rows.map((row) => row.receipt_no)).toEqual([
      null,
      'GSP/2025-26/0001',
      'GSP/2026-27/0001',
      'GSP/2026-27/0002',
    ]);
    expect(await paymentAt(library, '2026-07-01T06:00:00Z')).toBe('GSP/2026-27/0003');
    expect(await paymentAt(library, '2026-03-05T06:00:00Z')).toBe('GSP/2025-26/0002');
  });
});
