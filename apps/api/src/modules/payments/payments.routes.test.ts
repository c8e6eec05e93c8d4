import { describe, expect, it } from 'vitest';
import { formatDateDMY, messages, subscriptionAccountSchema, todayIn } from '@app/shared';
import { useTestApp } from '../../test/helpers';
import { subscriptionBody } from '../../test/bookings';
import { insertStudent } from '../../test/factories';
import { moneyLibrary, pay, storedPayments, subscribe } from '../../test/money';

const p = messages.payments;
const t = useTestApp();

const today = () => formatDateDMY(todayIn('Asia/Kolkata'));

type Library = Awaited<ReturnType<typeof moneyLibrary>>;

const account = async (library: Library, subscriptionId: string) => {
  const response = await t.app.inject({ url: `/api/subscription/${subscriptionId}/payments`, headers: library.auth });
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionAccountSchema.parse(response.json().data);
};

async function countPayments(libraryId: string) {
  const result = await t.pool.query<{ count: number }>(
    'select count(*)::int as count from fees where library_id = $1',
    [libraryId],
  );
  return result.rows[0]!.count;
}

describe('POST /api/subscription/:id/payments', () => {
  it('takes part of the balance, then exactly the rest, and answers the payment with the account', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, studentId } = await subscribe(t, library, { price: 3000, fee: 1000 });

    const part = await pay(t, library.auth, subscriptionId, { amount: '500.50', mode: 'Cash' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ status: true, message: p.recorded });
    const { payment, account: after } = part.json().data;
    expect(payment).toMatchObject({
      subscription_id: subscriptionId,
      student_id: studentId,
      amount: 500.5,
      mode: 'Cash',
      reference: null,
      kind: 'balance',
      recorded_by: library.adminId,
      recorded_by_name: library.adminName,
    });
    expect(after).toMatchObject({ subscription_id: subscriptionId, price: 3000, paid: 1500.5, balance: 1499.5 });

    const rest = await pay(t, library.auth, subscriptionId, { amount: 1499.5, mode: 'UPI', reference: '123412341234' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.account).toMatchObject({ paid: 3000, balance: 0 });
    expect((await account(library, subscriptionId)).payments.map((entry) => [entry.amount, entry.kind])).toEqual([
      [1499.5, 'balance'],
      [500.5, 'balance'],
      [1000, 'new'],
    ]);
    const subscription = await t.app.inject({ url: `/api/subscription/${subscriptionId}`, headers: library.auth });
    expect(subscription.json().data).toMatchObject({ price: 3000, paid: 3000, balance: 0 });
  });

  it('refuses an amount above the balance with 422 on amount, and records nothing', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 2000, fee: 500 });
    const over = await pay(t, library.auth, subscriptionId, { amount: '1500.01', mode: 'Cash' });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({
      code: 422,
      message: p.overpayment(1500),
      messageCode: 'payments.overpayment',
      errors: [{ field: 'amount', message: p.overpayment(1500), messageCode: 'payments.overpayment' }],
    });
    expect(await countPayments(library.libraryId)).toBe(1);

    const { subscriptionId: paidUp } = await subscribe(t, library, { fee: 800 });
    const nothingDue = await pay(t, library.auth, paidUp, { amount: 1, mode: 'Cash' });
    expect(nothingDue.statusCode).toBe(422);
    expect(nothingDue.json().errors).toEqual([
      { field: 'amount', message: p.overpayment(0), messageCode: 'payments.overpayment' },
    ]);
    expect(p.overpayment(0)).toBe('Nothing is due on this subscription');
    expect(await countPayments(library.libraryId)).toBe(2);
    const audit = await t.pool.query(`select 1 from audit_log where library_id = $1 and action = 'payment.record'`, [
      library.libraryId,
    ]);
    expect(audit.rows).toHaveLength(0);
  });

  it('refuses zero, negative, 3-decimal, hex and missing amounts and bad references with the field message', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 5000, fee: 0 });
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ amount: 0, mode: 'Cash' }, 'amount', p.amountZero, 'payments.amountZero'],
      [{ amount: '0.00', mode: 'Cash' }, 'amount', p.amountZero, 'payments.amountZero'],
      [{ amount: -5, mode: 'Cash' }, 'amount', p.amountInvalid, 'payments.amountInvalid'],
      [{ amount: '12.345', mode: 'Cash' }, 'amount', p.amountInvalid, 'payments.amountInvalid'],
      [{ amount: 12.345, mode: 'Cash' }, 'amount', p.amountInvalid, 'payments.amountInvalid'],
      [{ amount: '0x10', mode: 'Cash' }, 'amount', p.amountInvalid, 'payments.amountInvalid'],
      [{ amount: '1e3', mode: 'Cash' }, 'amount', p.amountInvalid, 'payments.amountInvalid'],
      [{ amount: '1,000', mode: 'Cash' }, 'amount', p.amountInvalid, 'payments.amountInvalid'],
      [{ mode: 'Cash' }, 'amount', p.amountRequired, 'payments.amountRequired'],
      [{ amount: 100, mode: 'Gold' }, 'mode', messages.subscriptions.modeRequired, 'subscriptions.modeRequired'],
      [{ amount: 100, mode: 'UPI' }, 'reference', p.referenceRequired.UPI, 'payments.referenceRequired.UPI'],
      [
        { amount: 100, mode: 'Bank Transfer', reference: '  ' },
        'reference',
        p.referenceRequired['Bank Transfer'],
        'payments.referenceRequired.Bank Transfer',
      ],
      [{ amount: 100, mode: 'UPI', reference: '12345678901' }, 'reference', p.utrInvalid, 'payments.utrInvalid'],
      [{ amount: 100, mode: 'UPI', reference: '12345678901A' }, 'reference', p.utrInvalid, 'payments.utrInvalid'],
      [
        { amount: 100, mode: 'Cheque', reference: '12-345' },
        'reference',
        p.referenceInvalid,
        'payments.referenceInvalid',
      ],
    ];
    for (const [body, field, message, messageCode] of cases) {
      const response = await pay(t, library.auth, subscriptionId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toContainEqual({ field, message, messageCode });
    }
    // A cheque may go without its number; cash and card need none.
    for (const body of [
      { amount: 1, mode: 'Cheque' },
      { amount: 1, mode: 'Card' },
    ]) {
      expect((await pay(t, library.auth, subscriptionId, body)).statusCode).toBe(201);
    }
    expect(await countPayments(library.libraryId)).toBe(3);
  });

  it('refuses a reference used before in the library, whatever its case or spaces, naming the first payment', async () => {
    const library = await moneyLibrary(t);
    const first = await subscribe(t, library, { price: 5000, fee: 0, firstName: 'Meera' });
    const second = await subscribe(t, library, { price: 5000, fee: 0, firstName: 'Ravi' });
    expect(
      (await pay(t, library.auth, first.subscriptionId, { amount: 250, mode: 'UPI', reference: '123456789012' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await pay(t, library.auth, first.subscriptionId, {
          amount: 100,
          mode: 'Bank Transfer',
          reference: 'sbin 0042x',
        })
      ).statusCode,
    ).toBe(201);
    const before = await storedPayments(t, library.libraryId);
    for (const [body, message] of [
      [
        { amount: 10, mode: 'UPI', reference: '1234 5678 9012' },
        p.referenceUsed('123456789012', 'Meera Test', 250, today()),
      ],
      [
        { amount: 10, mode: 'Cheque', reference: 'SBIN0042X' },
        p.referenceUsed('SBIN0042X', 'Meera Test', 100, today()),
      ],
      [
        { amount: 10, mode: 'Bank Transfer', reference: ' sBiN 00 42x ' },
        p.referenceUsed('SBIN0042X', 'Meera Test', 100, today()),
      ],
    ] as const) {
      const response = await pay(t, library.auth, second.subscriptionId, body);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 409, message, errors: [{ field: 'reference', message }] });
    }
    expect(await storedPayments(t, library.libraryId)).toEqual(before);
  });

  it('lets another library use the same reference', async () => {
    const one = await moneyLibrary(t);
    const other = await moneyLibrary(t);
    for (const library of [one, other]) {
      const { subscriptionId } = await subscribe(t, library, { price: 100, fee: 0 });
      const response = await pay(t, library.auth, subscriptionId, {
        amount: 100,
        mode: 'UPI',
        reference: '777766665555',
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('takes exactly the parallel payments the balance allows, and the balance never goes below zero', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 1000, fee: 0 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => pay(t, library.auth, subscriptionId, { amount: 300, mode: 'Cash' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 422, 422, 422]);
    for (const refused of responses.filter((response) => response.statusCode === 422)) {
      expect(refused.json().errors).toEqual([
        { field: 'amount', message: p.overpayment(100), messageCode: 'payments.overpayment' },
      ]);
    }
    expect(await account(library, subscriptionId)).toMatchObject({ price: 1000, paid: 900, balance: 100 });
  });

  it('lets one of two parallel payments with one UTR through and refuses the other with 409', async () => {
    const library = await moneyLibrary(t);
    const a = await subscribe(t, library, { price: 500, fee: 0 });
    const b = await subscribe(t, library, { price: 500, fee: 0 });
    for (let round = 0; round < 5; round += 1) {
      const reference = `90000000000${round}`;
      const responses = await Promise.all(
        [a, b].map(({ subscriptionId }) => pay(t, library.auth, subscriptionId, { amount: 1, mode: 'UPI', reference })),
      );
      expect(responses.map((response) => response.statusCode).sort(), responses[1]!.body).toEqual([201, 409]);
      const refused = responses.find((response) => response.statusCode === 409)!;
      expect(refused.json().errors).toMatchObject([{ field: 'reference' }]);
    }
    expect(await countPayments(library.libraryId)).toBe(2 + 5);
  });

  it('answers 409, not 500, when another payment takes the reference while the request waits on the index', async () => {
    const library = await moneyLibrary(t);
    const other = await subscribe(t, library, { price: 500, fee: 0, firstName: 'Kiran' });
    const target = await subscribe(t, library, { price: 500, fee: 0 });
    // A payment of another subscription carrying the UTR, inserted but not yet committed:
    // the request's own check cannot see it, so its insert waits on the unique index and
    // fails once this commits.
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, reference)
         values ($1, $2, $3, 10, 1, 'UPI', 'balance', false, '999988887777')`,
        [library.libraryId, other.subscriptionId, other.studentId],
      );
      const pending = pay(t, library.auth, target.subscriptionId, {
        amount: 5,
        mode: 'UPI',
        reference: '999988887777',
      });
      await waitForInsertOnIndex();
      await client.query('commit');
      const response = await pending;
      const message = p.referenceUsed('999988887777', 'Kiran Test', 10, today());
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ errors: [{ field: 'reference', message }] });
    } finally {
      client.release();
    }
    expect((await account(library, target.subscriptionId)).payments).toHaveLength(1);
  });

  it("answers 404 for another library's subscription and writes nothing", async () => {
    const owner = await moneyLibrary(t);
    const intruder = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, owner, { price: 1000, fee: 0 });
    const response = await pay(t, intruder.auth, subscriptionId, { amount: 100, mode: 'Cash' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: false, code: 404, message: p.notFound });
    const read = await t.app.inject({ url: `/api/subscription/${subscriptionId}/payments`, headers: intruder.auth });
    expect(read.statusCode).toBe(404);
    const missing = await pay(t, owner.auth, '00000000-0000-4000-8000-000000000000', { amount: 1, mode: 'Cash' });
    expect(missing.statusCode).toBe(404);
    expect(await countPayments(owner.libraryId)).toBe(1);
    expect(await countPayments(intruder.libraryId)).toBe(0);
  });

  it('writes who recorded each payment to the audit log', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 1000, fee: 0 });
    const response = await pay(t, library.auth, subscriptionId, { amount: 250, mode: 'Card' });
    const entries = await t.pool.query(
      `select admin_id, entity_type, entity_id, detail from audit_log where library_id = $1 and action = 'payment.record'`,
      [library.libraryId],
    );
    expect(entries.rows).toEqual([
      {
        admin_id: library.adminId,
        entity_type: 'payment',
        entity_id: response.json().data.payment.id,
        detail: `₹250.00 by Card towards subscription ${subscriptionId}`,
      },
    ]);
  });
});

describe('POST /api/subscription/:id/payments with an Idempotency-Key', () => {
  const withKey = (library: Library, key: string) => ({ ...library.auth, 'idempotency-key': key });

  it('records a retried payment once and answers the retry with the first answer', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 3000, fee: 1000 });
    const body = { amount: 500, mode: 'Cash' };
    const first = await pay(t, withKey(library, 'desk-retry-1'), subscriptionId, body);
    const again = await pay(t, withKey(library, 'desk-retry-1'), subscriptionId, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countPayments(library.libraryId)).toBe(2);
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 1500, balance: 1500 });
    const audit = await t.pool.query(`select 1 from audit_log where library_id = $1 and action = 'payment.record'`, [
      library.libraryId,
    ]);
    expect(audit.rows).toHaveLength(1);
    // Another key is another payment.
    expect((await pay(t, withKey(library, 'desk-retry-2'), subscriptionId, body)).statusCode).toBe(201);
    expect(await countPayments(library.libraryId)).toBe(3);
  });

  it('records once when retries with one key arrive at the same time', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 3000, fee: 0 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        pay(t, withKey(library, 'same-moment'), subscriptionId, { amount: 100, mode: 'Cash' }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(responses.map((response) => response.json().data.payment.id)).size).toBe(1);
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 100, balance: 2900 });
  });

  it('refuses the key with another body or on another call (422), and a malformed key (400), recording nothing', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 3000, fee: 1000 });
    const { subscriptionId: otherSubscription } = await subscribe(t, library, { price: 3000, fee: 1000 });
    expect((await pay(t, withKey(library, 'key-1'), subscriptionId, { amount: 500, mode: 'Cash' })).statusCode).toBe(
      201,
    );
    for (const [id, body] of [
      [subscriptionId, { amount: 501, mode: 'Cash' }],
      [subscriptionId, { amount: 500, mode: 'Card' }],
      [otherSubscription, { amount: 500, mode: 'Cash' }],
    ] as const) {
      const refused = await pay(t, withKey(library, 'key-1'), id, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        status: false,
        code: 422,
        message: messages.subscriptions.idempotencyMismatch,
      });
    }
    // A key used by a create is another request on the payments call.
    const student = await insertStudent(t.pool, library.libraryId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subscription',
      headers: withKey(library, 'create-key'),
      payload: subscriptionBody(student.id, { fee: 100 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const reused = await pay(t, withKey(library, 'create-key'), subscriptionId, { amount: 100, mode: 'Cash' });
    expect(reused.statusCode).toBe(422);
    for (const key of ['x'.repeat(201), 'with space', 'ключ']) {
      const bad = await pay(t, withKey(library, key), subscriptionId, { amount: 100, mode: 'Cash' });
      expect(bad.statusCode, key).toBe(400);
    }
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 1500, balance: 1500 });
    expect(await account(library, otherSubscription)).toMatchObject({ paid: 1000, balance: 2000 });
  });

  it("keeps each library's keys apart: another library's same key records its own payment", async () => {
    const first = await moneyLibrary(t);
    const second = await moneyLibrary(t);
    const mine = await subscribe(t, first, { price: 1000, fee: 0 });
    const theirs = await subscribe(t, second, { price: 1000, fee: 0 });
    const body = { amount: 300, mode: 'Cash' };
    const a = await pay(t, withKey(first, 'shared-key'), mine.subscriptionId, body);
    const b = await pay(t, withKey(second, 'shared-key'), theirs.subscriptionId, body);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().data.payment.id).not.toBe(a.json().data.payment.id);
    expect(b.json().data.payment.subscription_id).toBe(theirs.subscriptionId);
    expect(await account(second, theirs.subscriptionId)).toMatchObject({ paid: 300, balance: 700 });
    // The second library's key on the first library's subscription is no replay of the first's answer.
    const intruder = await pay(t, withKey(second, 'shared-key'), mine.subscriptionId, body);
    expect(intruder.statusCode).toBe(422);
    const stranger = await pay(t, withKey(second, 'fresh-key'), mine.subscriptionId, body);
    expect(stranger.statusCode).toBe(404);
    expect(await account(first, mine.subscriptionId)).toMatchObject({ paid: 300, balance: 700 });
  });

  it('stores no answer for a refused payment: the same key with a corrected amount is recorded', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 1000, fee: 0 });
    const over = await pay(t, withKey(library, 'fix-it'), subscriptionId, { amount: 1200, mode: 'Cash' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual([
      { field: 'amount', message: p.overpayment(1000), messageCode: 'payments.overpayment' },
    ]);
    const fixed = await pay(t, withKey(library, 'fix-it'), subscriptionId, { amount: 1000, mode: 'Cash' });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 1000, balance: 0 });
  });
});

describe('GET /api/subscription/:id/payments', () => {
  it('answers the charges with their discounts and the payments newest first with who recorded them', async () => {
    const library = await moneyLibrary(t);
    await t.pool.query(
      `insert into price_list (library_id, duration_months, is_reserved, window_hours, price) values ($1, 1, false, null, 1200)`,
      [library.libraryId],
    );
    const { subscriptionId, studentId } = await subscribe(t, library, { price: 1000, fee: 400 });
    const renewed = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${subscriptionId}`,
      headers: library.auth,
      payload: { duration: 1, fee: 0, price: 1500, mode: 'Cash' },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    // A payment from before collectors were kept.
    await t.pool.query(
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at)
       values ($1, $2, $3, 100, 1, 'Cash', 'balance', false, now() - interval '1 day')`,
      [library.libraryId, subscriptionId, studentId],
    );
    const result = await account(library, subscriptionId);
    expect(result).toMatchObject({ subscription_id: subscriptionId, price: 2500, paid: 500, balance: 2000 });
    expect(
      result.charges.map(({ kind, duration, list_price, price, discount }) => ({
        kind,
        duration,
        list_price,
        price,
        discount,
      })),
    ).toEqual([
      { kind: 'new', duration: 1, list_price: 1200, price: 1000, discount: 200 },
      { kind: 'renewal', duration: 1, list_price: 1200, price: 1500, discount: 0 },
    ]);
    expect(result.payments.map((entry) => [entry.amount, entry.recorded_by_name])).toEqual([
      [0, library.adminName],
      [400, library.adminName],
      [100, null],
    ]);
  });
});

/** Waits until a backend of the test database waits on a lock while inserting a fee (the request). */
async function waitForInsertOnIndex() {
  for (let tries = 0; tries < 200; tries += 1) {
    const result = await t.pool.query(
      `select 1 from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and query ilike '%insert into fees%'`,
    );
    if (result.rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the request never waited on the pending payment');
}

describe('payments beside renewals', () => {
  it('never deadlocks with a renewal of the same subscription (both take the library, then the subscription)', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await subscribe(t, library, { price: 100_000, fee: 0 });
    const renew = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/subscription/renew/${subscriptionId}`,
        headers: library.auth,
        payload: { duration: 1, fee: 1, price: 1, mode: 'Cash' },
      });
    for (let round = 0; round < 8; round += 1) {
      const responses = await Promise.all([
        pay(t, library.auth, subscriptionId, { amount: 1, mode: 'Cash' }),
        renew(),
        pay(t, library.auth, subscriptionId, { amount: 1, mode: 'Card' }),
        renew(),
      ]);
      expect(
        responses.map((response) => response.statusCode),
        responses.map((response) => response.body.slice(0, 120)).join('\n'),
      ).toEqual([201, 200, 201, 200]);
    }
    expect(await account(library, subscriptionId)).toMatchObject({ price: 100_016, paid: 32, balance: 99_984 });
  });
});
