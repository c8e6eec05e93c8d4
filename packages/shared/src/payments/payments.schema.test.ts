import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subscriptionMessages } from '../subscriptions/subscriptions.messages';
import { subscriptionCreateSchema, subscriptionRenewSchema } from '../subscriptions/subscriptions.schema';
import { paymentMessages as m } from './payments.messages';
import { dayBookQuerySchema, paymentCreateSchema } from './payments.schema';
import { paymentReferenceSchema } from './reference';

function issues(
  schema: {
    safeParse: (input: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error!.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('paymentReferenceSchema', () => {
  it('stores a reference upper-case without spaces; blank is none', () => {
    expect(paymentReferenceSchema.parse(' 1234 5678 9012 ')).toBe('123456789012');
    expect(paymentReferenceSchema.parse('hdfc\tn5 2026')).toBe('HDFCN52026');
    expect(paymentReferenceSchema.parse('   ')).toBeUndefined();
    expect(paymentReferenceSchema.parse(undefined)).toBeUndefined();
    expect(paymentReferenceSchema.safeParse(123456789012).success).toBe(false);
  });

  it('reads one UTR the same whatever its spacing and case', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9A-Z]{6,22}$/),
        fc.array(fc.constantFrom(' ', '  ', '\t'), { maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 22, maxLength: 22 }),
        (reference, spaces, lower) => {
          const typed = [...reference]
            .map((char, index) => (lower[index] ? char.toLowerCase() : char) + (spaces[index] ?? ''))
            .join('');
          expect(paymentReferenceSchema.parse(` ${typed} `)).toBe(reference);
        },
      ),
    );
  });
});

describe('paymentCreateSchema', () => {
  it('takes an amount in rupees with a mode and, for UPI and bank transfers, a reference', () => {
    expect(paymentCreateSchema.parse({ amount: '1500.50', mode: 'Cash' })).toEqual({ amount: 1500.5, mode: 'Cash' });
    expect(paymentCreateSchema.parse({ amount: 1, mode: 'UPI', reference: '1234 5678 9012' })).toEqual({
      amount: 1,
      mode: 'UPI',
      reference: '123456789012',
    });
    expect(paymentCreateSchema.parse({ amount: 1, mode: 'Bank Transfer', reference: 'sbin00420042' })).toMatchObject({
      reference: 'SBIN00420042',
    });
    expect(paymentCreateSchema.parse({ amount: 1, mode: 'Cheque' })).toEqual({ amount: 1, mode: 'Cheque' });
    expect(paymentCreateSchema.parse({ amount: 1, mode: 'Cheque', reference: '004512' })).toMatchObject({
      reference: '004512',
    });
  });

  it('refuses zero, negative, over-precise, hex or missing amounts', () => {
    expect(issues(paymentCreateSchema, { amount: 0, mode: 'Cash' })).toEqual([
      { path: 'amount', message: m.amountZero },
    ]);
    expect(issues(paymentCreateSchema, { amount: '0.00', mode: 'Cash' })).toEqual([
      { path: 'amount', message: m.amountZero },
    ]);
    for (const amount of [-1, '-1', 12.345, '12.345', '0x10', '1e3', ' 5', '1,000', 1_000_000.01, true, [5]]) {
      expect(issues(paymentCreateSchema, { amount, mode: 'Cash' }), JSON.stringify(amount)).toEqual([
        { path: 'amount', message: m.amountInvalid },
      ]);
    }
    for (const amount of [undefined, null, '']) {
      expect(issues(paymentCreateSchema, { amount, mode: 'Cash' }), String(amount)).toEqual([
        { path: 'amount', message: m.amountRequired },
      ]);
    }
  });

  it('asks UPI and bank transfers for a reference of their form', () => {
    expect(issues(paymentCreateSchema, { amount: 1, mode: 'UPI' })).toEqual([
      { path: 'reference', message: m.referenceRequired.UPI },
    ]);
    expect(issues(paymentCreateSchema, { amount: 1, mode: 'Bank Transfer', reference: ' ' })).toEqual([
      { path: 'reference', message: m.referenceRequired['Bank Transfer'] },
    ]);
    for (const reference of ['12345678901', '1234567890123', '12345678901A', 'ABCDEFGHIJKL']) {
      expect(issues(paymentCreateSchema, { amount: 1, mode: 'UPI', reference }), reference).toEqual([
        { path: 'reference', message: m.utrInvalid },
      ]);
    }
    for (const reference of ['12345', 'A'.repeat(23), 'AB-1234', 'चेक123456']) {
      expect(issues(paymentCreateSchema, { amount: 1, mode: 'Bank Transfer', reference }), reference).toEqual([
        { path: 'reference', message: m.referenceInvalid },
      ]);
    }
    expect(issues(paymentCreateSchema, { amount: 1, mode: 'Card', reference: 'A'.repeat(22) })).toEqual([]);
    expect(issues(paymentCreateSchema, { amount: 1, mode: 'Gold' })).toEqual([
      { path: 'mode', message: subscriptionMessages.modeRequired },
    ]);
  });
});

describe('create and renew with a price and a reference', () => {
  const renew = { duration: 1, fee: 500, mode: 'UPI' };

  it('keep the SPEC bodies valid: price and reference optional, even for UPI', () => {
    expect(subscriptionRenewSchema.parse(renew)).toEqual({ duration: 1, fee: 500, mode: 'UPI' });
    expect(subscriptionRenewSchema.parse({ ...renew, price: '1500.50', reference: '1234 5678 9012' })).toEqual({
      ...renew,
      price: 1500.5,
      reference: '123456789012',
    });
  });

  it('refuse a bad price or reference with the field message', () => {
    expect(issues(subscriptionRenewSchema, { ...renew, price: '12.345' })).toEqual([
      { path: 'price', message: m.priceInvalid },
    ]);
    expect(issues(subscriptionRenewSchema, { ...renew, price: 1_000_000.01 })).toEqual([
      { path: 'price', message: m.priceInvalid },
    ]);
    expect(issues(subscriptionRenewSchema, { ...renew, reference: '1234' })).toEqual([
      { path: 'reference', message: m.utrInvalid },
    ]);
    const create = {
      student_id: '7f9c2ba4-e88f-4d2a-9f3b-1c2d3e4f5a6b',
      joining_date: '2026-03-01',
      start_time: '06:00',
      end_time: '14:00',
      duration: 1,
      is_reserved: false,
      fee: 100,
      mode: 'Cheque',
    };
    expect(issues(subscriptionCreateSchema, create)).toEqual([]);
    expect(issues(subscriptionCreateSchema, { ...create, reference: 'no!' })).toEqual([
      { path: 'reference', message: m.referenceInvalid },
    ]);
    expect(issues(subscriptionCreateSchema, { ...create, price: -1 })).toEqual([
      { path: 'price', message: m.priceInvalid },
    ]);
  });

  it('take a reference only with a fee above ₹0: a ₹0 fee row would hold it for good', () => {
    expect(m.referenceNeedsFee).toBe('A reference needs a fee above ₹0');
    const create = {
      student_id: '7f9c2ba4-e88f-4d2a-9f3b-1c2d3e4f5a6b',
      joining_date: '2026-03-01',
      start_time: '06:00',
      end_time: '14:00',
      duration: 1,
      is_reserved: false,
      mode: 'UPI',
      price: 1200,
    };
    for (const fee of [0, '0', '0.00']) {
      expect(issues(subscriptionCreateSchema, { ...create, fee, reference: '123412341234' }), String(fee)).toEqual([
        { path: 'reference', message: m.referenceNeedsFee },
      ]);
      expect(issues(subscriptionRenewSchema, { ...renew, fee, reference: '123412341234' }), String(fee)).toEqual([
        { path: 'reference', message: m.referenceNeedsFee },
      ]);
      expect(issues(subscriptionRenewSchema, { ...renew, fee, mode: 'Cheque', reference: '004512' })).toEqual([
        { path: 'reference', message: m.referenceNeedsFee },
      ]);
      // Without a reference (or with a blank one) a ₹0 fee stays what it was.
      expect(issues(subscriptionCreateSchema, { ...create, fee }), String(fee)).toEqual([]);
      expect(issues(subscriptionRenewSchema, { ...renew, fee, reference: ' ' }), String(fee)).toEqual([]);
    }
    expect(subscriptionCreateSchema.parse({ ...create, fee: 0.01, reference: '1234 1234 1234' })).toMatchObject({
      fee: 0.01,
      reference: '123412341234',
    });
    expect(subscriptionRenewSchema.parse({ ...renew, reference: '123412341234' })).toMatchObject({ fee: 500 });
  });
});

describe('dayBookQuerySchema', () => {
  it('takes a calendar day or none', () => {
    expect(dayBookQuerySchema.parse({})).toEqual({});
    expect(dayBookQuerySchema.parse({ date: ' ' })).toEqual({});
    expect(dayBookQuerySchema.parse({ date: '2028-02-29' })).toEqual({ date: '2028-02-29' });
    for (const date of ['2026-02-29', '2026-13-01', '01/03/2026', 'today']) {
      expect(dayBookQuerySchema.safeParse({ date }).success, date).toBe(false);
    }
  });
});
