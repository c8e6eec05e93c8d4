import { expect } from 'vitest';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { subscriptionBody } from '../../test/bookings';
import { registerLibrary, type TestApp } from '../../test/helpers';

type Auth = Record<string, string>;

/** A GSTIN registered in Maharashtra (27), with its right check character. */
export const MAHARASHTRA_GSTIN = '27AAPFU0939F1ZV';

const SETTINGS = {
  upi_id: null,
  upi_payee_name: null,
  dues_expiring_days: 5,
  dues_grace_days: 7,
  reminder_template: 'Hello {name}, {amount} is due.',
  auto_push_reminders: false,
  price_list: [],
};

/** Saves the library's GST settings through the API (null: not registered). */
export async function setGst(t: TestApp, auth: Auth, gst: { gstin: string | null; gst_rate?: number; sac?: string }) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth,
    payload: { ...SETTINGS, ...gst },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * A library ("Gyan Study Point", 12 MG Road, Jaipur) with a hall and a reserved seat, and a
 * student named in Devanagari (राहुल शर्मा) holding a plan on that seat, 06:00–14:00, price
 * ₹3,000 of which ₹1,500 was paid in cash at creation. With `gstin`, the library is registered
 * before the plan is taken.
 */
export async function receiptLibrary(t: TestApp, options: { gstin?: string; libraryName?: string } = {}) {
  const { session, auth } = await registerLibrary(
    t.app,
    options.libraryName ? { library_name: options.libraryName } : {},
  );
  const libraryId = session.library.id;
  if (options.gstin) await setGst(t, auth, { gstin: options.gstin });
  const areaId = await insertArea(t.pool, libraryId, { name: 'Hall A' });
  const seatId = await insertSeat(t.pool, libraryId, areaId, { name: 'A7' });
  const student = await insertStudent(t.pool, libraryId, { firstName: 'राहुल' });
  await t.pool.query(`update students set last_name = 'शर्मा' where id = $1`, [student.id]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: auth,
    payload: { ...subscriptionBody(student.id, { seatId, fee: 1500 }), price: 3000 },
  });
  expect(created.statusCode, created.body).toBe(201);
  const subscription = created.json<{ data: { id: string; joining_date: string; plan_expires_at: string } }>().data;
  const firstPayment = await feeOf(t, libraryId, subscription.id, 'new');
  return {
    libraryId,
    auth,
    session,
    areaId,
    seatId,
    student,
    subscription,
    subscriptionId: subscription.id,
    /** The creation's payment (₹1,500, cash). */
    paymentId: firstPayment.id,
  };
}

export type ReceiptLibrary = Awaited<ReturnType<typeof receiptLibrary>>;

/** The latest fee of a kind on a subscription, as stored (its period as `YYYY-MM-DD` text). */
export async function feeOf(t: TestApp, libraryId: string, subscriptionId: string, kind: string) {
  const result = await t.pool.query(
    `select *, period_start::text as period_start, period_end::text as period_end from fees where library_id = $1 and subscription_id = $2 and kind = $3 order by created_at desc limit 1`,
    [libraryId, subscriptionId, kind],
  );
  expect(result.rows, `a ${kind} fee`).toHaveLength(1);
  return result.rows[0] as Record<string, unknown> & { id: string };
}

/** Records a payment towards the subscription's balance; answers the payment's id. */
export async function payBalance(
  t: TestApp,
  library: { auth: Auth; subscriptionId: string },
  body: { amount: number; mode?: string; reference?: string; place_of_supply?: string },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/subscription/${library.subscriptionId}/payments`,
    headers: library.auth,
    payload: { mode: 'Cash', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { payment: { id: string; receipt_no: string } } }>().data.payment;
}

/** Adjusts a payment (`POST /api/payments/{id}/adjustments`, in cash); answers the adjustment. */
export async function adjust(
  t: TestApp,
  library: { auth: Auth },
  paymentId: string,
  body: { direction: 'more' | 'refund'; amount: number; reason: string },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/adjustments`,
    headers: library.auth,
    payload: { mode: 'Cash', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { payment: { id: string; receipt_no: string | null } } }>().data.payment;
}
