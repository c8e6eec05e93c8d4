import type { DbOrTx } from '../../db/client';
import { createIntervalWorker, type IntervalWorker, type WorkerLogger } from '../../lib/interval-worker';
import { deleteQueuedFiles, retryQueuedDeletions } from '../../lib/storage/deletions';
import type { Storage } from '../../lib/storage/storage';
import * as repository from './students.privacy.repository';
import { eraseLocked } from './students.privacy.service';

/**
 * The retention job (issue 19): in every server process (plugins/retention.ts), a round at
 * once and then every RETENTION_INTERVAL_MS. A round erases the identity documents of every
 * student who left at least their library's retention days ago (`retention_days`, 90 by
 * default; 0: at the next round) and has no subscription ending on or after the library's
 * today, a batch per transaction; then it deletes again the files an earlier delete failed for.
 * Two processes share the work: each batch's rows are locked `for update skip locked`, so a
 * student is erased (and audited) once.
 */

/** Students erased per transaction: a short lock, and a round never holds one long. */
const BATCH = 50;

export interface RetentionOptions {
  db: DbOrTx;
  storage: Storage;
  logger: WorkerLogger;
  /** The clock (tests move it); the database's own `now()` is not used for the retention's cut-off. */
  now?: () => Date;
  /** Only these libraries' students (tests: every test file shares one database); all when unset. */
  libraryIds?: readonly string[];
}

export interface RetentionRound {
  /** Students whose documents this round erased. */
  erased: number;
  /** Files deleted this round (of this round's erasures and earlier failed ones). */
  filesDeleted: number;
  /** Files still to delete after the round (their deletes failed). */
  filesLeft: number;
}

/** One round: every erasure due, then the queued file deletes. */
export async function runRetention(options: RetentionOptions): Promise<RetentionRound> {
  const { db, storage, logger, now = () => new Date(), libraryIds } = options;
  const at = now();
  let erased = 0;
  let filesDeleted = 0;
  const failed = new Set<string>();
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await repository.dueForRetention(tx, at, BATCH, libraryIds);
      const keys: string[] = [];
      let done = 0;
      for (const row of due) {
        try {
          // A savepoint each: one student's failure must not keep the others' documents.
          const result = await tx.transaction((savepoint) =>
            eraseLocked(savepoint, row, { kind: 'retention', at }, row.keep_aadhaar_last4),
          );
          keys.push(...result.keys);
          done += 1;
        } catch (error) {
          logger.error({ err: error, studentId: row.id }, 'retention: a student’s documents could not be erased');
        }
      }
      return { due: due.length, done, keys };
    });
    erased += batch.done;
    const left = await deleteQueuedFiles(db, storage, batch.keys, logger);
    left.forEach((key) => failed.add(key));
    filesDeleted += batch.keys.length - left.length;
    // A short batch was the last; a batch of failures only would come back the same.
    if (batch.due < BATCH || batch.done === 0) break;
  }
  // Files an earlier delete failed for (in an earlier round, or another process) are tried again.
  const retried = await retryQueuedDeletions(db, storage, logger, { skip: failed, libraryIds });
  filesDeleted += retried.deleted;
  const filesLeft = failed.size + retried.left.length;
  if (erased > 0 || filesDeleted > 0) logger.info({ erased, filesDeleted }, 'retention: identity documents erased');
  return { erased, filesDeleted, filesLeft };
}

export interface RetentionWorkerOptions extends RetentionOptions {
  /** Pause between rounds (RETENTION_INTERVAL_MS). */
  intervalMs: number;
}

/** The worker that runs the retention job's rounds in this process. */
export function createRetentionWorker(options: RetentionWorkerOptions): IntervalWorker<RetentionRound> {
  return createIntervalWorker({
    runOnce: () => runRetention(options),
    intervalMs: options.intervalMs,
    logger: options.logger,
    failure: 'retention: the round failed',
  });
}
