import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The SQL of `answerOnce` (lib/idempotency.ts): first answers to Idempotency-Key requests, per library. */

/**
 * Holds the Idempotency-Key until the transaction ends, so concurrent requests with one key
 * run one after the other: the later ones find the first one's stored answer.
 */
export async function lockIdempotencyKey(tx: DbOrTx, libraryId: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${libraryId}::text || ':' || ${key}::text, 0))`);
}

export async function findIdempotentResponse(tx: DbOrTx, libraryId: string, key: string) {
  const result = await tx.execute<{ request_hash: string; response_status: number; response_body: unknown }>(sql`
    select request_hash, response_status, response_body from idempotency_keys
    where library_id = ${libraryId} and key = ${key}`);
  return result.rows[0];
}

export async function saveIdempotentResponse(
  tx: DbOrTx,
  libraryId: string,
  entry: { key: string; requestHash: string; status: number; body: unknown },
) {
  await tx.execute(sql`
    insert into idempotency_keys (library_id, key, request_hash, response_status, response_body)
    values (${libraryId}, ${entry.key}, ${entry.requestHash}, ${entry.status}, ${JSON.stringify(entry.body)}::jsonb)`);
}
