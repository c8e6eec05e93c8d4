import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Stored files still to delete (issue 19, `storage_deletions`): an erasure queues the keys
 * of the images it took off a student in its own transaction; the rows go once the files
 * are gone. Read by the erasure, the retention job and the signed file links (a queued key
 * is never served), so it lives here rather than in one module.
 */

/** Queues keys of the library for deletion (a key queued twice stays one row). */
export async function queueDeletions(db: DbOrTx, libraryId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    insert into storage_deletions (key, library_id)
    values ${sql.join(
      keys.map((key) => sql`(${key}, ${libraryId})`),
      sql`, `,
    )}
    on conflict (key) do nothing`);
}

export type QueuedDeletion = { key: string; library_id: string; attempts: number };

/** The oldest keys still to delete, of every library or of `libraryIds` (the retention job's retries). */
export async function pendingDeletions(
  db: DbOrTx,
  limit: number,
  libraryIds?: readonly string[],
): Promise<QueuedDeletion[]> {
  const ofLibraries =
    libraryIds === undefined
      ? sql``
      : sql`where library_id in (${sql.join(
          [...libraryIds, '00000000-0000-0000-0000-000000000000'].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const result = await db.execute<QueuedDeletion>(sql`
    select key, library_id, attempts from storage_deletions ${ofLibraries} order by created_at, key limit ${limit}`);
  return result.rows;
}

/** The file under `key` is gone: its row goes too. */
export async function deletionDone(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from storage_deletions where key = ${key}`);
}

/** The delete of `key` failed: counted, with its error, for the next round to try again. */
export async function deletionFailed(db: DbOrTx, key: string, error: string): Promise<void> {
  await db.execute(sql`
    update storage_deletions set attempts = attempts + 1, last_error = ${error.slice(0, 500)}, last_attempt_at = now()
    where key = ${key}`);
}

/** Whether `key` is waiting to be deleted (its file must not be served meanwhile). */
export async function isQueuedForDeletion(db: DbOrTx, key: string): Promise<boolean> {
  const result = await db.execute<{ queued: boolean }>(sql`
    select exists (select 1 from storage_deletions where key = ${key}) as queued`);
  return result.rows[0]?.queued ?? false;
}
