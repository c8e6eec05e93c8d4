import { createHmac } from 'node:crypto';
import { deriveKey } from './crypto';

/**
 * The keys of issue 15's entry passes and ID cards (the codes themselves are made and read by
 * `@app/shared`'s attendance/pass.ts, the same code the student app runs).
 *
 * - A student session's pass key: HMAC-SHA-256 of the session id under a key derived from the
 *   app secret for 'student-pass'. Nothing is stored: the desk derives it again from the id
 *   the code carries. The student app is given it when it signs in (and by GET
 *   /api/student/pass-key), so it makes codes offline; another session's key tells nothing
 *   of this one's.
 * - The card key: one key derived for 'student-card'; a card is revoked by its row.
 *
 * Both are base64url text of 32 bytes, as pass.ts takes them.
 */
export function passKeyFor(appSecret: string, sessionId: string): string {
  return createHmac('sha256', deriveKey(appSecret, 'student-pass'))
    .update(sessionId.toLowerCase(), 'utf8')
    .digest('base64url');
}

/** The key that signs printed ID cards' codes. */
export function cardKeyFor(appSecret: string): string {
  return deriveKey(appSecret, 'student-card').toString('base64url');
}
