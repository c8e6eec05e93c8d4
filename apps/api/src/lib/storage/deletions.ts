import type { DbOrTx } from '../../db/client';
import * as repository from '../../db/storage-deletions.repository';
import type { WorkerLogger } from '../interval-worker';
import type { Storage } from './storage';

/**
 * Deletes files whose keys were queued in `storage_deletions` (issue 19: an erasure queues
 * them in its transaction, then calls this after the commit). Each key's row goes once its
 * file is gone (a missing file counts as gone); a delete that fails leaves the row, counted,
 * for the retention job's next round. Never throws: the erasure is done either way.
 * Answers the keys whose files are still there (their deletes failed).
 */
export async function deleteQueuedFiles(
  db: DbOrTx,
  storage: Storage,
  keys: string[],
  logger: Pick<WorkerLogger, 'error'>,
): Promise<string[]> {
  const outcomes = await Promise.all(
    keys.map(async (key) => {
      try {
        await storage.delete(key);
      } catch (error) {
        logger.error({ err: error, key }, 'erasure: a stored file could not be deleted; the retention job tries again');
        await repository
          .deletionFailed(db, key, error instanceof Error ? error.message : String(error))
          .catch((failure: unknown) =>
            logger.error({ err: failure, key }, 'erasure: the failed delete was not counted'),
          );
        return false;
      }
      // Gone from storage; a row left behind by a failure here is only deleted again later.
      await repository
        .deletionDone(db, key)
        .catch((failure: unknown) => logger.error({ err: failure, key }, 'erasure: a deleted file stays queued'));
      return true;
    }),
  );
  return keys.filter((_key, index) => !outcomes[index]);
}

/**
 * Deletes again the oldest queued files (at most `limit`, of `libraryIds` when given), but for
 * the keys in `skip` (those that failed a moment ago); answers how many are gone now and the
 * keys still there.
 */
export async function retryQueuedDeletions(
  db: DbOrTx,
  storage: Storage,
  logger: Pick<WorkerLogger, 'error'>,
  options: { skip?: ReadonlySet<string>; libraryIds?: readonly string[]; limit?: number } = {},
): Promise<{ deleted: number; left: string[] }> {
  const { skip = new Set(), libraryIds, limit = 200 } = options;
  const pending = (await repository.pendingDeletions(db, limit, libraryIds)).filter((row) => !skip.has(row.key));
  const left = await deleteQueuedFiles(
    db,
    storage,
    pending.map((row) => row.key),
    logger,
  );
  return { deleted: pending.length - left.length, left };
}
