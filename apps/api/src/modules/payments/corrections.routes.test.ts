import { describe, expect, it } from 'vitest';
import { messages, paymentResultSchema, subscriptionAccountSchema } from '@app/shared';
import { useTestApp } from '../../test/helpers';
import { moneyLibrary, pay, subscribe } from '../../test/money';

const p = messages.payments;
const r = messages.receipts;
const t = useTestApp();

type Library = Awaited<ReturnType<typeof moneyLibrary>>;
type Auth = Record<string, string>;

function voidPayment(auth: Auth, paymentId: string, payload: unknown, headers: Auth = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/void`,
    headers: { ...auth, ...headers },
    payload: payload as object,
  });
}

function adjust(auth: Auth, paymentId: string, payload: unknown, headers: Auth = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/adjustments`,
    headers: { ...auth, ...headers },
    payload: payload as object,
  });
}

/** A refund in cash against a payment. */
function cashRefund(library: { auth: Auth }, paymentId: string, amount: number | string, reason: string) {
  return adjust(library.auth, paymentId, { direction: 'refund', amount, mode: 'Cash', reason });
}

async function account(library: Library, subscriptionId: string) {
  const response = await t.app.inject({ url: `/api/subscription/${subscriptionId}/payments`, headers: library.auth });
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionAccountSchema.parse(response.json().data);
}

/** A subscription at `price` with a first payment of `fee` in cash; answers it with that payment's id. */
async function paidPlan(library: Library, price: number, fee: number) {
  const plan = await subscribe(t, library, { price, fee });
  const first = (await account(library, plan.subscriptionId)).payments[0]!;
  return { ...plan, firstPaymentId: first.id };
}

async function payOk(library: Library, subscriptionId: string, payload: object) {
  const response = await pay(t, library.auth, subscriptionId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return paymentResultSchema.parse(response.json().data).payment;
}

async function feeRows(libraryId: string) {
  const result = await t.pool.query<{ amount: string; kind: string; voided: boolean; receipt_no: string | null }>(
    `select amount::text, kind, voided_at is not null as voided, receipt_no from fees where library_id = $1 order by created_at, id`,
    [libraryId],
  );
  return result.rows;
}

async function auditOf(libraryId: string, action: string) {
  const result = await t.pool.query<{ admin_id: string; entity_id: string; detail: string }>(
    `select admin_id, entity_id, detail from audit_log where library_id = $1 and action = $2 order by created_at`,
    [libraryId, action],
  );
  return result.rows;
}

describe('POST /api/payments/:id/void', () => {
  it('marks the payment void with who, when and why; it keeps its receipt number and no longer counts', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId } = await paidPlan(library, 3000, 1000);
    const payment = await payOk(library, subscriptionId, { amount: 500, mode: 'Cash' });
    expect(payment.receipt_no).not.toBeNull();

    const response = await voidPayment(library.auth, payment.id, { reason: '  Entered twice  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: true, message: r.voided });
    const { payment: voided, account: after } = paymentResultSchema.parse(response.json().data);
    expect(voided).toMatchObject({
      id: payment.id,
      amount: 500,
      receipt_no: payment.receipt_no,
      void_reason: 'Entered twice',
      voided_by_name: library.adminName,
      adjusts_id: null,
      reason: null,
    });
    expect(Date.now() - Date.parse(voided.voided_at!)).toBeLessThan(60_000);
    expect(after).toMatchObject({ price: 3000, paid: 1000, balance: 2000 });
    expect(await auditOf(library.libraryId, 'payment.void')).toEqual([
      {
        admin_id: library.adminId,
        entity_id: payment.id,
        detail: `Voided receipt ${payment.receipt_no} of ₹500.00: Entered twice`,
      },
    ]);
  });

  it('refuses a second void (409), a void without a reason (400), and keeps the first reason', async () => {
    const library = await moneyLibrary(t);
    const { firstPaymentId } = await paidPlan(library, 1000, 1000);
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }]) {
      const refused = await voidPayment(library.auth, firstPaymentId, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors[0]).toMatchObject({ field: 'reason' });
    }
    expect((await voidPayment(library.auth, firstPaymentId, { reason: 'Wrong student' })).statusCode).toBe(200);
    const again = await voidPayment(library.auth, firstPaymentId, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, message: r.alreadyVoid });
    const stored = await t.pool.query(`select void_reason from fees where id = $1`, [firstPaymentId]);
    expect(stored.rows).toEqual([{ void_reason: 'Wrong student' }]);
  });

  it("answers 404 for an unknown payment, another library's payment and a ₹0 fee, changing nothing", async () => {
    const owner = await moneyLibrary(t);
    const intruder = await moneyLibrary(t);
    const { firstPaymentId } = await paidPlan(owner, 1000, 1000);
    const theirs = await voidPayment(intruder.auth, firstPaymentId, { reason: 'Mine now' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 404, message: p.paymentNotFound });
    const unknown = await voidPayment(owner.auth, '00000000-0000-4000-8000-000000000000', { reason: 'Gone' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await voidPayment(owner.auth, 'not-a-uuid', { reason: 'Gone' });
    expect(malformed.statusCode).toBe(400);

    const free = await paidPlan(owner, 0, 0);
    const zero = await voidPayment(owner.auth, free.firstPaymentId, { reason: 'Nothing paid' });
    expect(zero.statusCode).toBe(404);
    expect(zero.json()).toMatchObject({ message: r.noReceipt });
    expect((await feeRows(owner.libraryId)).map((row) => row.voided)).toEqual([false, false]);
    expect(await auditOf(owner.libraryId, 'payment.void')).toEqual([]);
    expect(await auditOf(intruder.libraryId, 'payment.void')).toEqual([]);
  });

  it('refuses to void a payment whose adjustments are not void (422), then voids it once they are', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, firstPaymentId } = await paidPlan(library, 2000, 1000);
    const more = await adjust(library.auth, firstPaymentId, {
      direction: 'more',
      amount: 200,
      mode: 'Cash',
      reason: 'Late fee',
    });
    expect(more.statusCode, more.body).toBe(201);
    const adjustmentId = paymentResultSchema.parse(more.json().data).payment.id;

    const refused = await voidPayment(library.auth, firstPaymentId, { reason: 'Wrong plan' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 422, message: r.voidHasAdjustments });

    expect((await voidPayment(library.auth, adjustmentId, { reason: 'Not charged' })).statusCode).toBe(200);
    const voided = await voidPayment(library.auth, firstPaymentId, { reason: 'Wrong plan' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 0, balance: 2000 });
  });

  it('refuses to void a refund when its money, counted again, would pay more than the price', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, firstPaymentId } = await paidPlan(library, 1000, 1000);
    const refund = await cashRefund(library, firstPaymentId, 400, 'Left early');
    const refundId = paymentResultSchema.parse(refund.json().data).payment.id;
    await payOk(library, subscriptionId, { amount: 100, mode: 'Cash' });

    const refused = await voidPayment(library.auth, refundId, { reason: 'Did not leave' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(r.voidRefundTooMuch(300));
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 700, balance: 300 });

    await payOk(library, subscriptionId, { amount: 300, mode: 'Cash' });
    expect((await voidPayment(library.auth, refundId, { reason: 'x' })).json().message).toBe(r.voidRefundTooMuch(0));
  });

  it('voids once for a retried request with one Idempotency-Key and answers the retry as the first', async () => {
    const library = await moneyLibrary(t);
    const { firstPaymentId } = await paidPlan(library, 1000, 1000);
    const key = { 'idempotency-key': 'void-retry-1' };
    const first = await voidPayment(library.auth, firstPaymentId, { reason: 'Bounced cheque' }, key);
    const retry = await voidPayment(library.auth, firstPaymentId, { reason: 'Bounced cheque' }, key);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(first.json());
    expect(await auditOf(library.libraryId, 'payment.void')).toHaveLength(1);
    const other = await voidPayment(library.auth, firstPaymentId, { reason: 'Another reason' }, key);
    expect(other.statusCode).toBe(422);
  });
});

describe('POST /api/payments/:id/adjustments', () => {
  it('records more received as a new entry with its own receipt number, up to the balance', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, firstPaymentId, studentId } = await paidPlan(library, 1500, 1000);
    const response = await adjust(library.auth, firstPaymentId, {
      direction: 'more',
      amount: '250.50',
      mode: 'UPI',
      reference: '4444 5555 6666',
      reason: 'Paid the rest by UPI',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: true, message: r.adjusted });
    const { payment, account: after } = paymentResultSchema.parse(response.json().data);
    expect(payment).toMatchObject({
      subscription_id: subscriptionId,
      student_id: studentId,
      amount: 250.5,
      mode: 'UPI',
      reference: '444455556666',
      kind: 'adjustment',
      adjusts_id: firstPaymentId,
      reason: 'Paid the rest by UPI',
      recorded_by: library.adminId,
      voided_at: null,
    });
    const [original] = after.payments.filter((entry) => entry.id === firstPaymentId);
    const sequence = (receiptNo: string | null) => Number(receiptNo!.split('/')[2]);
    expect(sequence(payment.receipt_no)).toBe(sequence(original!.receipt_no) + 1);
    expect(after).toMatchObject({ price: 1500, paid: 1250.5, balance: 249.5 });

    const over = await adjust(library.auth, firstPaymentId, {
      direction: 'more',
      amount: '249.51',
      mode: 'Cash',
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual([
      { field: 'amount', message: p.overpayment(249.5), messageCode: 'payments.overpayment' },
    ]);
    expect(await auditOf(library.libraryId, 'payment.adjust')).toEqual([
      {
        admin_id: library.adminId,
        entity_id: payment.id,
        detail: `₹250.50 more received (receipt ${payment.receipt_no}) by UPI against receipt ${original!.receipt_no}: Paid the rest by UPI`,
      },
    ]);
  });

  it('records a refund below ₹0 without a receipt number, at most what is left of the payment', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, firstPaymentId } = await paidPlan(library, 1000, 1000);
    const refund = await cashRefund(library, firstPaymentId, 600, 'Left after a week');
    expect(refund.statusCode, refund.body).toBe(201);
    const { payment, account: after } = paymentResultSchema.parse(refund.json().data);
    expect(payment).toMatchObject({ amount: -600, kind: 'adjustment', receipt_no: null, adjusts_id: firstPaymentId });
    expect(after).toMatchObject({ price: 1000, paid: 400, balance: 600 });

    const tooMuch = await cashRefund(library, firstPaymentId, '400.01', 'The rest');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([
      { field: 'amount', message: r.refundTooMuch(400), messageCode: 'receipts.refundTooMuch' },
    ]);
    expect((await cashRefund(library, firstPaymentId, 400, 'The rest')).statusCode).toBe(201);
    const nothing = await cashRefund(library, firstPaymentId, 1, 'Again');
    expect(nothing.json().errors).toEqual([
      { field: 'amount', message: r.refundTooMuch(0), messageCode: 'receipts.refundTooMuch' },
    ]);
    expect(r.refundTooMuch(0)).toBe('Nothing is left of this payment to refund');
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 0, balance: 1000 });
    expect(await auditOf(library.libraryId, 'payment.adjust')).toHaveLength(2);
  });

  it('counts a void adjustment out of what is left of the payment', async () => {
    const library = await moneyLibrary(t);
    const { firstPaymentId } = await paidPlan(library, 1000, 1000);
    const refund = await cashRefund(library, firstPaymentId, 1000, 'Cancelled');
    const refundId = paymentResultSchema.parse(refund.json().data).payment.id;
    expect((await voidPayment(library.auth, refundId, { reason: 'Not cancelled after all' })).statusCode).toBe(200);
    const again = await cashRefund(library, firstPaymentId, 1000, 'Cancelled now');
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses to adjust a void payment, an adjustment or a ₹0 fee, and bad bodies', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, firstPaymentId } = await paidPlan(library, 3000, 1000);
    const second = await payOk(library, subscriptionId, { amount: 500, mode: 'Cash' });
    const more = await adjust(library.auth, firstPaymentId, {
      direction: 'more',
      amount: 10,
      mode: 'Cash',
      reason: 'a',
    });
    const adjustmentId = paymentResultSchema.parse(more.json().data).payment.id;
    await voidPayment(library.auth, second.id, { reason: 'Twice' });
    const body = { direction: 'refund', amount: 5, mode: 'Cash', reason: 'Refund' };

    const ofVoid = await adjust(library.auth, second.id, body);
    expect([ofVoid.statusCode, ofVoid.json().message]).toEqual([422, r.adjustVoided]);
    const ofAdjustment = await adjust(library.auth, adjustmentId, body);
    expect([ofAdjustment.statusCode, ofAdjustment.json().message]).toEqual([422, r.adjustAnAdjustment]);
    const free = await paidPlan(library, 0, 0);
    const ofZero = await adjust(library.auth, free.firstPaymentId, { ...body, direction: 'more' });
    expect([ofZero.statusCode, ofZero.json().message]).toEqual([404, r.noReceipt]);

    const bad: [unknown, string][] = [
      [{ ...body, reason: '' }, 'reason'],
      [{ ...body, direction: 'sideways' }, 'direction'],
      [{ ...body, amount: -5 }, 'amount'],
      [{ ...body, amount: 0 }, 'amount'],
      [{ ...body, amount: '1.005' }, 'amount'],
      [{ ...body, direction: 'more', mode: 'UPI' }, 'reference'],
      [{ ...body, mode: 'UPI', reference: '12345' }, 'reference'],
    ];
    for (const [payload, field] of bad) {
      const refused = await adjust(library.auth, firstPaymentId, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect(await feeRows(library.libraryId)).toHaveLength(4);
  });

  it('refuses a reference used before in the library, naming the first payment (409)', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, firstPaymentId } = await paidPlan(library, 3000, 1000);
    await payOk(library, subscriptionId, { amount: 100, mode: 'UPI', reference: '111122223333' });
    const reused = await adjust(library.auth, firstPaymentId, {
      direction: 'more',
      amount: 100,
      mode: 'UPI',
      reference: '111122223333',
      reason: 'Again',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors).toMatchObject([{ field: 'reference' }]);
    expect(reused.json().message).toContain('111122223333');
  });

  it('gives a voided payment’s reference back: the UTR can be recorded for the right student, once', async () => {
    const library = await moneyLibrary(t);
    const wrong = await paidPlan(library, 3000, 1000);
    const right = await paidPlan(library, 3000, 1000);
    const mistaken = await payOk(library, wrong.subscriptionId, {
      amount: 500,
      mode: 'UPI',
      reference: '777788889999',
    });

    // While the mistaken payment counts, the UTR is taken, on every path.
    const early = await pay(t, library.auth, right.subscriptionId, {
      amount: 500,
      mode: 'UPI',
      reference: '7777 8888 9999',
    });
    expect(early.statusCode).toBe(409);

    const voided = await voidPayment(library.auth, mistaken.id, { reason: 'Recorded against the wrong student' });
    expect(voided.statusCode, voided.body).toBe(200);
    const recorded = await payOk(library, right.subscriptionId, {
      amount: 500,
      mode: 'UPI',
      reference: '777788889999',
    });
    expect(recorded.reference).toBe('777788889999');

    // Taken again by the payment that counts: a third use is refused, naming it, and so is an adjustment.
    const again = await pay(t, library.auth, wrong.subscriptionId, {
      amount: 500,
      mode: 'UPI',
      reference: '777788889999',
    });
    expect(again.statusCode).toBe(409);
    const asAdjustment = await adjust(library.auth, wrong.firstPaymentId, {
      direction: 'more',
      amount: 100,
      mode: 'UPI',
      reference: '777788889999',
      reason: 'Same UTR',
    });
    expect(asAdjustment.statusCode).toBe(409);
    const rows = await t.pool.query<{ voided: boolean }>(
      `select voided_at is not null as voided from fees where library_id = $1 and reference = '777788889999' order by created_at`,
      [library.libraryId],
    );
    expect(rows.rows).toEqual([{ voided: true }, { voided: false }]);
  });

  it("answers 404 for another library's payment and records nothing there", async () => {
    const owner = await moneyLibrary(t);
    const intruder = await moneyLibrary(t);
    const { firstPaymentId } = await paidPlan(owner, 1000, 1000);
    const response = await cashRefund(intruder, firstPaymentId, 1000, 'Take it');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(p.paymentNotFound);
    expect(await feeRows(owner.libraryId)).toHaveLength(1);
    expect(await feeRows(intruder.libraryId)).toHaveLength(0);
  });

  it('records once for a retried adjustment with one Idempotency-Key', async () => {
    const library = await moneyLibrary(t);
    const { firstPaymentId } = await paidPlan(library, 1000, 1000);
    const key = { 'idempotency-key': 'refund-retry-1' };
    const body = { direction: 'refund', amount: 100, mode: 'Cash', reason: 'Discount agreed late' };
    const [first, retry] = await Promise.all([
      adjust(library.auth, firstPaymentId, body, key),
      adjust(library.auth, firstPaymentId, body, key),
    ]);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect((await feeRows(library.libraryId)).map((row) => row.amount)).toEqual(['1000.00', '-100.00']);
  });
});

describe('corrections at the same time as payments', () => {
  it('a void of a refund and a payment of the balance never both go through', async () => {
    const library = await moneyLibrary(t);
    for (let round = 0; round < 4; round += 1) {
      const { subscriptionId, firstPaymentId } = await paidPlan(library, 1000, 1000);
      const refund = await cashRefund(library, firstPaymentId, 400, 'Refund');
      const refundId = paymentResultSchema.parse(refund.json().data).payment.id;
      const [voided, paid] = await Promise.all([
        voidPayment(library.auth, refundId, { reason: 'Never given' }),
        pay(t, library.auth, subscriptionId, { amount: 400, mode: 'Cash' }),
      ]);
      // Whichever comes second finds nothing due and is refused.
      const through = [voided.statusCode === 200, paid.statusCode === 201];
      expect(through.filter(Boolean), `${voided.body} ${paid.body}`).toHaveLength(1);
      expect([voided.statusCode, paid.statusCode]).toContain(422);
      expect(await account(library, subscriptionId)).toMatchObject({ price: 1000, paid: 1000, balance: 0 });
    }
  });

  it('a void and a payment of what the void frees: the balance is always agreed prices minus what counts', async () => {
    const library = await moneyLibrary(t);
    for (let round = 0; round < 4; round += 1) {
      const { subscriptionId, firstPaymentId } = await paidPlan(library, 2000, 1000);
      const [voided, paid] = await Promise.all([
        voidPayment(library.auth, firstPaymentId, { reason: 'Cheque bounced' }),
        pay(t, library.auth, subscriptionId, { amount: 1500, mode: 'Cash' }),
      ]);
      expect(voided.statusCode, voided.body).toBe(200);
      const after = await account(library, subscriptionId);
      // The payment fits only once the void has freed ₹1,000 of the balance.
      expect(after).toMatchObject(paid.statusCode === 201 ? { paid: 1500, balance: 500 } : { paid: 0, balance: 2000 });
      expect(after.balance).toBeGreaterThanOrEqual(0);
    }
  });

  it('two voids of one payment: one goes through, the other is told it is void', async () => {
    const library = await moneyLibrary(t);
    const { firstPaymentId } = await paidPlan(library, 1000, 1000);
    const responses = await Promise.all([
      voidPayment(library.auth, firstPaymentId, { reason: 'One' }),
      voidPayment(library.auth, firstPaymentId, { reason: 'Two' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(library.libraryId, 'payment.void')).toHaveLength(1);
  });

  it('parallel refunds never refund more than the payment', async () => {
    const library = await moneyLibrary(t);
    const { subscriptionId, firstPaymentId } = await paidPlan(library, 1000, 1000);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => cashRefund(library, firstPaymentId, 300, 'Refund')),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 422, 422]);
    expect(await account(library, subscriptionId)).toMatchObject({ paid: 100, balance: 900 });
  });
});
