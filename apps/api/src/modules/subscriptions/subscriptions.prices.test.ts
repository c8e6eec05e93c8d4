import { describe, expect, it } from 'vitest';
import { formatDateDMY, messages, todayIn } from '@app/shared';
import { insertStudent } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { subscriptionBody } from '../../test/bookings';
import { moneyLibrary, storedCharges, storedPayments, subscribe } from '../../test/money';

// Issue 13: create and renew agree a price (default: the fee) and record the fee as its first payment.
const p = messages.payments;
const t = useTestApp();

type Library = Awaited<ReturnType<typeof moneyLibrary>>;

const renew = (library: Library, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/subscription/renew/${id}`, headers: library.auth, payload });

async function create(library: Library, extra: Record<string, unknown>) {
  const student = await insertStudent(t.pool, library.libraryId, { firstName: 'Ravi' });
  return t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: library.auth,
    payload: { ...subscriptionBody(student.id, { fee: 1000 }), ...extra },
  });
}

async function countRows(libraryId: string) {
  const result = await t.pool.query<{ subscriptions: number; charges: number; fees: number }>(
    `select (select count(*)::int from subscriptions where library_id = $1) as subscriptions,
            (select count(*)::int from subscription_charges where library_id = $1) as charges,
            (select count(*)::int from fees where library_id = $1) as fees`,
    [libraryId],
  );
  return result.rows[0];
}

describe('POST /api/subscription with a price', () => {
  it('agrees the price, records the fee as a part payment and answers the balance', async () => {
    const library = await moneyLibrary(t);
    const { subscription } = await subscribe(t, library, { price: '3000.50', fee: 1000 });
    expect(subscription).toMatchObject({ price: 3000.5, paid: 1000, balance: 2000.5 });
    expect(await storedCharges(t, library.libraryId)).toEqual([
      { kind: 'new', duration_months: 1, price: '3000.50', list_price: null, created_by: library.adminId },
    ]);
    expect(await storedPayments(t, library.libraryId)).toEqual([
      { amount: '1000.00', mode: 'Cash', kind: 'new', reference: null, recorded_by: library.adminId },
    ]);
    const listed = await t.app.inject({ url: '/api/subscription', headers: library.auth });
    expect(listed.json().data.subscription[0]).toMatchObject({ price: 3000.5, paid: 1000, balance: 2000.5 });
  });

  it('without a price, the fee is the price, paid in full, as the SPEC call always was', async () => {
    const library = await moneyLibrary(t);
    const { subscription } = await subscribe(t, library, { fee: 1200 });
    expect(subscription).toMatchObject({ price: 1200, paid: 1200, balance: 0 });
    expect(await storedCharges(t, library.libraryId)).toMatchObject([{ price: '1200.00', list_price: null }]);
  });

  it("keeps the price list's price beside the agreed one, for the tier the window fits", async () => {
    const library = await moneyLibrary(t);
    await t.pool.query(
      `insert into price_list (library_id, duration_months, is_reserved, window_hours, price)
       values ($1, 1, false, null, 1500), ($1, 1, false, 8, 1200.50), ($1, 1, false, 6, 900), ($1, 1, true, null, 2500)`,
      [library.libraryId],
    );
    // 06:00–14:00 is 8 hours: the 8-hour tier, not the 6-hour one nor the any-length entry.
    await subscribe(t, library, { price: 1000, fee: 1000 });
    expect(await storedCharges(t, library.libraryId)).toMatchObject([{ price: '1000.00', list_price: '1200.50' }]);
  });

  it('refuses a fee above the price with 422 on fee, and writes nothing', async () => {
    const library = await moneyLibrary(t);
    const response = await create(library, { price: 800, fee: '800.01' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      status: false,
      code: 422,
      message: p.feeAbovePrice(800),
      errors: [{ field: 'fee', message: p.feeAbovePrice(800) }],
    });
    expect(await countRows(library.libraryId)).toEqual({ subscriptions: 0, charges: 0, fees: 0 });
  });

  it('refuses a bad price or reference with the field message', async () => {
    const library = await moneyLibrary(t);
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ price: '12.345' }, 'price', p.priceInvalid, 'payments.priceInvalid'],
      [{ price: -1 }, 'price', p.priceInvalid, 'payments.priceInvalid'],
      [{ price: '0x10' }, 'price', p.priceInvalid, 'payments.priceInvalid'],
      [{ mode: 'UPI', reference: '12345' }, 'reference', p.utrInvalid, 'payments.utrInvalid'],
      [{ mode: 'Cheque', reference: 'ab-12' }, 'reference', p.referenceInvalid, 'payments.referenceInvalid'],
      [{ mode: 'Cash', reference: 42 }, 'reference', p.referenceInvalid, 'payments.referenceInvalid'],
    ];
    for (const [extra, field, message, messageCode] of cases) {
      const response = await create(library, extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().errors, JSON.stringify(extra)).toContainEqual({ field, message, messageCode });
    }
    expect(await countRows(library.libraryId)).toEqual({ subscriptions: 0, charges: 0, fees: 0 });
  });

  it('stores a reference upper-case without spaces and refuses its reuse naming the first payment', async () => {
    const library = await moneyLibrary(t);
    await subscribe(t, library, { fee: 1000, mode: 'UPI', reference: ' 4321 0987 6543 ', firstName: 'Meera' });
    await subscribe(t, library, { fee: 500, mode: 'Bank Transfer', reference: 'hdfcn52026' });
    expect((await storedPayments(t, library.libraryId)).map((row) => row.reference).sort()).toEqual([
      '432109876543',
      'HDFCN52026',
    ]);
    const before = await countRows(library.libraryId);
    const today = formatDateDMY(todayIn('Asia/Kolkata'));
    for (const [mode, reference, stored, amount] of [
      ['UPI', '432109876543', '432109876543', 1000],
      ['Bank Transfer', 'HdFc N5 2026', 'HDFCN52026', 500],
      ['Cheque', 'hdfcn52026', 'HDFCN52026', 500],
    ] as const) {
      const response = await create(library, { mode, reference });
      const message = p.referenceUsed(stored, stored === 'HDFCN52026' ? 'Asha Test' : 'Meera Test', amount, today);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 409, message, errors: [{ field: 'reference', message }] });
    }
    expect(await countRows(library.libraryId)).toEqual(before);
  });

  it('lets two libraries use the same reference', async () => {
    const first = await moneyLibrary(t);
    const second = await moneyLibrary(t);
    await subscribe(t, first, { fee: 100, mode: 'UPI', reference: '555566667777' });
    await subscribe(t, second, { fee: 100, mode: 'UPI', reference: '555566667777' });
  });
});

describe('PUT /api/subscription/renew/:id with a price', () => {
  it('adds a charge per renewal; the fee may pay what is still owed, never more', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 3000, fee: 1000 });
    const renewed = await renew(library, subscriptionId, { duration: 2, fee: 2500, price: 5000, mode: 'Card' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data).toMatchObject({ price: 8000, paid: 3500, balance: 4500, duration: 2 });
    // Without a price the fee is the new period's price: the balance stays as it was.
    const again = await renew(library, subscriptionId, { duration: 1, fee: 700, mode: 'Cash' });
    expect(again.json().data).toMatchObject({ price: 8700, paid: 4200, balance: 4500 });
    expect((await storedCharges(t, library.libraryId)).map((row) => [row.kind, row.price])).toEqual([
      ['new', '3000.00'],
      ['renewal', '5000.00'],
      ['renewal', '700.00'],
    ]);
    expect((await storedPayments(t, library.libraryId)).map((row) => [row.kind, row.amount])).toEqual([
      ['new', '1000.00'],
      ['renewal', '2500.00'],
      ['renewal', '700.00'],
    ]);
  });

  it('refuses a fee above the earlier balance plus the new price with 422 on fee, and changes nothing', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 3000, fee: 1000 });
    const before = await t.app.inject({ url: `/api/subscription/${subscriptionId}`, headers: library.auth });
    const response = await renew(library, subscriptionId, { duration: 1, fee: '3000.01', price: 1000, mode: 'Cash' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ errors: [{ field: 'fee', message: p.overpayment(3000) }] });
    const after = await t.app.inject({ url: `/api/subscription/${subscriptionId}`, headers: library.auth });
    expect(after.json().data).toEqual(before.json().data);
    expect(await countRows(library.libraryId)).toEqual({ subscriptions: 1, charges: 1, fees: 1 });
    // Exactly what is owed is taken.
    const exact = await renew(library, subscriptionId, { duration: 1, fee: 3000, price: 1000, mode: 'Cash' });
    expect(exact.json().data).toMatchObject({ price: 4000, paid: 4000, balance: 0 });
  });

  it('refuses a reference with a ₹0 fee on create and renew (400 on reference), so the real payment can carry it', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 3000, fee: 1000 });
    const before = await countRows(library.libraryId);
    const refused = [
      await create(library, { fee: 0, price: 1000, mode: 'UPI', reference: '999911112222' }),
      await create(library, { fee: '0.00', price: 1000, mode: 'Cheque', reference: '004512' }),
      await renew(library, subscriptionId, {
        duration: 1,
        fee: 0,
        price: 1000,
        mode: 'UPI',
        reference: '999911112222',
      }),
      await renew(library, subscriptionId, { duration: 1, fee: 0, mode: 'Bank Transfer', reference: 'HDFC123456' }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toContainEqual({
        field: 'reference',
        message: p.referenceNeedsFee,
        messageCode: 'payments.referenceNeedsFee',
      });
    }
    expect(await countRows(library.libraryId)).toEqual(before);
    // Without the reference a ₹0 fee still books the period, as the SPEC call does.
    const unpaid = await renew(library, subscriptionId, { duration: 1, fee: 0, price: 1000, mode: 'UPI' });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(unpaid.json().data).toMatchObject({ price: 4000, paid: 1000, balance: 3000 });
    // The UTR stays free for the money when it comes.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/subscription/${subscriptionId}/payments`,
      headers: library.auth,
      payload: { amount: 1000, mode: 'UPI', reference: '999911112222' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('refuses a renewal reusing a reference', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { fee: 1000, mode: 'UPI', reference: '111122223333' });
    const response = await renew(library, subscriptionId, {
      duration: 1,
      fee: 1000,
      mode: 'UPI',
      reference: '1111 2222 3333',
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().errors).toMatchObject([{ field: 'reference' }]);
    expect(await countRows(library.libraryId)).toEqual({ subscriptions: 1, charges: 1, fees: 1 });
  });
});
