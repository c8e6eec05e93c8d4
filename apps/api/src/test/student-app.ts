import { randomInt } from 'node:crypto';
import type { StudentSessionResult } from '@app/shared';
import type { TestApp } from './helpers';

/**
 * Signs a student in to the student app (issue 15) the way the phone does: the owner makes a
 * pairing code, the phone sends it to POST /api/student/session. Answers the session with a
 * ready `auth` header. Each call comes from its own address (failed sign-ins count per address).
 */
export async function signInStudent(
  app: TestApp['app'],
  ownerAuth: Record<string, string>,
  studentId: string,
  userAgent = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
) {
  const made = await app.inject({ method: 'POST', url: `/api/user/${studentId}/pairing-code`, headers: ownerAuth });
  if (made.statusCode !== 201) throw new Error(`pairing code failed: ${made.body}`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/student/session',
    headers: { 'user-agent': userAgent },
    payload: { pairing_code: made.json().data.code },
    remoteAddress: `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  if (response.statusCode !== 201) throw new Error(`student sign-in failed: ${response.body}`);
  const session = response.json<{ data: StudentSessionResult }>().data;
  return { ...session, auth: { authorization: `Bearer ${session.token}` } };
}
