import { expect } from 'vitest';
import { insertSeat, insertStudent } from './factories';
import { libraryWithArea, subscriptionBody } from './bookings';
import type { TestApp } from './helpers';

type Auth = Record<string, string>;

/** A library (one area with a 50-place seat) whose session is answered too, for who recorded what. */
export async function moneyLibrary(t: TestApp) {
  const library = await libraryWithArea(t);
  await insertSeat(t.pool, library.libraryId, library.areaId, { name: 'A1', capacity: 50 });
  const me = await t.app.inject({ url: '/api/auth/me', headers: library.auth });
  expect(me.statusCode, me.body).toBe(200);
  const admin = me.json<{ data: { id: string; name: string } }>().data;
  return { ...library, adminId: admin.id, adminName: admin.name };
}

/** Creates a subscription for a new student, with the extra fields of issue 13; fails the test unless 201. */
export async function subscribe(
  t: TestApp,
  library: { libraryId: string; auth: Auth },
  body: { fee: number | string; price?: number | string; mode?: string; reference?: string; firstName?: string },
) {
  const student = await insertStudent(t.pool, library.libraryId, { firstName: body.firstName ?? 'Asha' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: library.auth,
    payload: {
      ...subscriptionBody(student.id, { fee: body.fee, mode: body.mode }),
      ...(body.price === undefined ? {} : { price: body.price }),
      ...(body.reference === undefined ? {} : { reference: body.reference }),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json<{ data: { id: string; price: number; paid: number; balance: number } }>().data;
  return { subscriptionId: data.id, studentId: student.id, mobile: student.mobile, subscription: data };
}

/** `POST /api/subscription/{id}/payments`. */
export function pay(t: TestApp, auth: Auth, subscriptionId: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/subscription/${subscriptionId}/payments`,
    headers: auth,
    payload: payload as object,
  });
}

/** Every payment of a library, as stored, oldest first. */
export async function storedPayments(t: TestApp, libraryId: string) {
  const result = await t.pool.query<{ amount: string; mode: string; kind: string; reference: string | null }>(
    `select amount, mode, kind, reference, recorded_by from fees where library_id = $1 order by created_at, amount`,
    [libraryId],
  );
  return result.rows;
}

/** Every charge of a library, as stored, oldest first. */
export async function storedCharges(t: TestApp, libraryId: string) {
  const result = await t.pool.query<{ kind: string; price: string; list_price: string | null }>(
    `select kind, duration_months, price, list_price, created_by from subscription_charges
     where library_id = $1 order by created_at`,
    [libraryId],
  );
  return result.rows;
}
