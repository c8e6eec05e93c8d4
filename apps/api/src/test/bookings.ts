import { todayIn } from '@app/shared';
import { expect } from 'vitest';
import { insertArea, insertStudent } from './factories';
import { registerLibrary, type TestApp } from './helpers';

type Auth = Record<string, string>;

/** A newly registered library with one area ('Hall A' unless told) written straight to the database. */
export async function libraryWithArea(t: TestApp, area: Parameters<typeof insertArea>[2] = {}) {
  const { session, auth } = await registerLibrary(t.app);
  const libraryId = session.library.id;
  const areaId = await insertArea(t.pool, libraryId, { name: 'Hall A', ...area });
  return { libraryId, auth, areaId };
}

/** What a test may change in a subscription request; a seat id makes it a reserved one. */
export interface BookingOptions {
  seatId?: string;
  start?: string;
  end?: string;
  joiningDate?: string;
  /** Any value, hostile ones included: it is sent as given (undefined leaves it out). */
  fee?: unknown;
  mode?: string;
}

/** A POST /api/subscription body: from today, 06:00–14:00, one month, ₹1000 in cash unless told otherwise. */
export function subscriptionBody(studentId: string, options: BookingOptions = {}) {
  return {
    student_id: studentId,
    joining_date: options.joiningDate ?? todayIn('Asia/Kolkata'),
    start_time: options.start ?? '06:00',
    end_time: options.end ?? '14:00',
    duration: 1,
    is_reserved: Boolean(options.seatId),
    ...(options.seatId ? { seat_id: options.seatId } : {}),
    fee: 'fee' in options ? options.fee : 1000,
    mode: options.mode ?? 'Cash',
  };
}

/** Asks the API for a subscription for a new student of the library; answers the response. */
export async function bookForNewStudent(t: TestApp, auth: Auth, libraryId: string, options: BookingOptions = {}) {
  const student = await insertStudent(t.pool, libraryId);
  return t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: auth,
    payload: subscriptionBody(student.id, options),
  });
}

/** As bookForNewStudent, failing the test unless the subscription is created; answers its id. */
export async function bookForNewStudentOk(t: TestApp, auth: Auth, libraryId: string, options: BookingOptions = {}) {
  const response = await bookForNewStudent(t, auth, libraryId, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data.id;
}
