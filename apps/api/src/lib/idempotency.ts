import { createHash } from 'node:crypto';
import { z } from 'zod';
import { messages } from '@app/shared';
import type { Database, DbOrTx } from '../db/client';
import * as repository from '../db/idempotency.repository';
import { AppError } from '../errors';

/**
 * Idempotent writes (DESIGN.md §4, docs/decisions.md "API layers"): the routes of create,
 * renew and a payment wrap their write in `answerOnce`, and take the header with
 * `idempotencyHeaders`, so a retry (a flaky connection at the desk) is answered once.
 */

/** The routes' `headers` schema: an optional `Idempotency-Key` of 1 to 200 visible ASCII characters. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, { error: 'Idempotency-Key must be 1 to 200 visible ASCII characters' })
    .optional(),
});

/** An HTTP answer as it is sent, and as it is stored for a retry. */
export interface Answer<T> {
  statusCode: number;
  body: T;
}

export interface IdempotentRequest {
  libraryId: string;
  /** The `Idempotency-Key` header, when the client sent one. */
  key: string | undefined;
  /** Names the call (`create`, `renew:<id>`, `payment:<id>`): one key reused on another call is another request. */
  scope: string;
  body: unknown;
}

function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([scope, body]))
    .digest('hex');
}

/**
 * Answers a write once per Idempotency-Key (DESIGN.md §4): a retry gets the stored first
 * answer, a reuse with another body is refused (422), and without the header the write
 * just runs. The key's lookup, the write and its stored answer share one transaction that
 * holds the key, so concurrent retries wait for the first and replay it.
 */
export async function answerOnce<T>(
  db: Database,
  request: IdempotentRequest,
  write: (db: DbOrTx) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const { key, libraryId } = request;
  if (!key) return write(db);
  const hash = requestHash(request.scope, request.body);
  return db.transaction(async (tx) => {
    await repository.lockIdempotencyKey(tx, libraryId, key);
    const earlier = await repository.findIdempotentResponse(tx, libraryId, key);
    if (earlier) {
      if (earlier.request_hash !== hash) throw new AppError(422, messages.subscriptions.idempotencyMismatch);
      return { statusCode: earlier.response_status, body: earlier.response_body as T };
    }
    const answer = await write(tx);
    await repository.saveIdempotentResponse(tx, libraryId, {
      key,
      requestHash: hash,
      status: answer.statusCode,
      body: answer.body,
    });
    return answer;
  });
}
