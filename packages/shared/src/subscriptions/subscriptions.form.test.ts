import { describe, expect, it } from 'vitest';
import { studentMessages } from '../students/students.messages';
import { paymentMessages } from '../payments/payments.messages';
import {
  subscriptionAddFormSchema,
  subscriptionRenewFormSchema,
  subscriptionUpdateFormSchema,
} from './subscriptions.form';
import { subscriptionMessages as m } from './subscriptions.messages';

const STUDENT = '4a1b2c3d-0000-4000-8000-000000000001';
const SEAT = '5b2c3d4e-0000-4000-8000-000000000001';

const filled = {
  mobile: '9876543210',
  student_id: STUDENT,
  joining_date: '2026-02-01',
  start_time: '06:00',
  end_time: '14:00',
  seat_status: 'non_reserved' as const,
  seat_id: '',
  fee: '1200',
  duration: '3',
  mode: 'Cash' as const,
};

function messagesByField(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('subscriptionAddFormSchema', () => {
  it('maps the form to the POST /subscription body, leaving out the seat when not reserved', () => {
    expect(subscriptionAddFormSchema.parse(filled)).toEqual({
      student_id: STUDENT,
      joining_date: '2026-02-01',
      start_time: '06:00',
      end_time: '14:00',
      duration: 3,
      is_reserved: false,
      fee: 1200,
      mode: 'Cash',
    });
    expect(
      subscriptionAddFormSchema.parse({ ...filled, seat_status: 'reserved', seat_id: SEAT, start_time: '22:00:00' }),
    ).toMatchObject({ is_reserved: true, seat_id: SEAT, start_time: '22:00' });
  });

  it('gives every spec message at once for an empty form', () => {
    const result = subscriptionAddFormSchema.safeParse({
      ...filled,
      mobile: '',
      student_id: '',
      joining_date: '',
      start_time: '',
      end_time: '',
      seat_status: 'reserved',
      fee: '',
      duration: '',
    });
    expect(messagesByField(result)).toEqual({
      mobile: m.mobileRequired,
      joining_date: m.joiningDateRequired,
      start_time: m.startTimeRequired,
      end_time: m.endTimeRequired,
      seat_id: m.reservedSeatRequired,
      fee: m.feeRequired,
      duration: m.durationRequired,
    });
  });

  it('says why a mobile has no student behind it', () => {
    const unknown = subscriptionAddFormSchema.safeParse({ ...filled, student_id: '' });
    expect(messagesByField(unknown)).toEqual({ mobile: studentMessages.mobileNotFound });
    const short = subscriptionAddFormSchema.safeParse({ ...filled, mobile: '98765', student_id: '' });
    expect(messagesByField(short)).toEqual({ mobile: studentMessages.mobileInvalid });
  });

  it('refuses an unreadable time, a fraction of a month and an unknown payment method', () => {
    const result = subscriptionAddFormSchema.safeParse({
      ...filled,
      end_time: 'invalid',
      duration: '1.5',
      mode: 'Bitcoin',
    });
    expect(messagesByField(result)).toEqual({
      end_time: m.invalidTime,
      duration: m.invalidDuration,
      mode: m.modeRequired,
    });
  });
});

describe('the price and reference of the Add and Renew forms (issue 13)', () => {
  const renew = { fee: '600', duration: '1', mode: 'Cash' as const, price: '', reference: '' };

  it('sends the price when one is given, and none for a blank price', () => {
    expect(subscriptionAddFormSchema.parse({ ...filled, price: '1500', reference: '' })).toMatchObject({
      fee: 1200,
      price: 1500,
    });
    expect(subscriptionAddFormSchema.parse({ ...filled, price: ' ' })).not.toHaveProperty('price');
    expect(subscriptionRenewFormSchema.parse({ ...renew, price: '1500.50' })).toEqual({
      fee: 600,
      duration: 1,
      mode: 'Cash',
      price: 1500.5,
    });
    expect(subscriptionRenewFormSchema.parse(renew)).toEqual({ fee: 600, duration: 1, mode: 'Cash' });
  });

  it('refuses a fee above the price, and a malformed price', () => {
    expect(messagesByField(subscriptionAddFormSchema.safeParse({ ...filled, price: '1000' }))).toEqual({
      fee: paymentMessages.feeAbovePrice(1000),
    });
    expect(messagesByField(subscriptionRenewFormSchema.safeParse({ ...renew, price: '12.345' }))).toEqual({
      price: paymentMessages.priceInvalid,
    });
  });

  it('sends a UPI or bank reference, upper-case without spaces, checks it by mode, and drops it for other modes', () => {
    expect(subscriptionRenewFormSchema.parse({ ...renew, mode: 'UPI', reference: '1234 5678 9012' })).toMatchObject({
      reference: '123456789012',
    });
    expect(subscriptionRenewFormSchema.parse({ ...renew, mode: 'Bank Transfer', reference: 'n123456' })).toMatchObject({
      reference: 'N123456',
    });
    // Optional in these dialogs, even for UPI.
    expect(subscriptionRenewFormSchema.parse({ ...renew, mode: 'UPI' })).not.toHaveProperty('reference');
    expect(
      messagesByField(subscriptionRenewFormSchema.safeParse({ ...renew, mode: 'UPI', reference: '1234' })),
    ).toEqual({ reference: paymentMessages.utrInvalid });
    // A reference typed for UPI and left behind when the mode went back to cash is not sent.
    expect(subscriptionAddFormSchema.parse({ ...filled, mode: 'Cash', reference: '1234' })).not.toHaveProperty(
      'reference',
    );
  });

  it('refuses a UPI or bank reference with a ₹0 fee, under the reference', () => {
    for (const mode of ['UPI', 'Bank Transfer'] as const) {
      const reference = mode === 'UPI' ? '123412341234' : 'HDFC123456';
      expect(messagesByField(subscriptionRenewFormSchema.safeParse({ ...renew, fee: '0', mode, reference }))).toEqual({
        reference: paymentMessages.referenceNeedsFee,
      });
      expect(
        messagesByField(subscriptionAddFormSchema.safeParse({ ...filled, fee: '0', price: '1200', mode, reference })),
      ).toEqual({ reference: paymentMessages.referenceNeedsFee });
    }
    // Without a reference, or with one the mode leaves out, a ₹0 fee is sent as before.
    expect(subscriptionRenewFormSchema.parse({ ...renew, fee: '0', mode: 'UPI' })).toMatchObject({ fee: 0 });
    expect(subscriptionRenewFormSchema.parse({ ...renew, fee: '0', reference: '123412341234' })).toEqual({
      fee: 0,
      duration: 1,
      mode: 'Cash',
    });
  });
});

describe('subscriptionUpdateFormSchema', () => {
  it('sends the times as HH:mm:ss and needs a seat when reserved', () => {
    expect(
      subscriptionUpdateFormSchema.parse({
        start_time: '08:00',
        end_time: '16:30',
        seat_status: 'non_reserved',
        seat_id: '',
      }),
    ).toEqual({ start_time: '08:00:00', end_time: '16:30:00', is_reserved: false });
    const result = subscriptionUpdateFormSchema.safeParse({
      start_time: '',
      end_time: '16:30',
      seat_status: 'reserved',
      seat_id: '',
    });
    expect(messagesByField(result)).toEqual({ start_time: m.startTimeRequired, seat_id: m.reservedSeatRequired });
  });
});
