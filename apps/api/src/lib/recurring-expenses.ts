import type { DbOrTx } from '../db/client';
import * as repository from '../db/recurring-expenses.repository';
import { createIntervalWorker, type IntervalWorker, type WorkerLogger } from './interval-worker';

/**
 * Monthly recurring expenses (issue 14): their entries are made when read (the expenses
 * list and the profit calls catch up inside their own transaction) and by a worker in
 * every server process (plugins/recurring-expenses.ts), so a month's rent is there on the
 * 1st whether or not anyone opens the screen. Both are safe to run at once.
 */

/**
 * Makes the library's due entries of monthly expenses in `db`'s transaction (a savepoint
 * of the caller's, or a transaction of its own); answers how many it made. Cheap when
 * nothing is due, the common case: one read, no lock.
 */
export async function catchUpRecurringExpenses(db: DbOrTx, libraryId: string): Promise<number> {
  if (!(await repository.anyDue(db, libraryId))) return 0;
  return db.transaction(async (tx) => {
    await repository.lockLive(tx, libraryId);
    return repository.makeDueEntries(tx, libraryId);
  });
}

export interface RecurringExpenseWorkerOptions {
  db: DbOrTx;
  logger: WorkerLogger;
  /** Pause between rounds (RECURRING_EXPENSE_INTERVAL_MS). */
  intervalMs: number;
}

/** The worker that makes due entries of every library's monthly expenses, a round every interval. */
export function createRecurringExpenseWorker(options: RecurringExpenseWorkerOptions): IntervalWorker<number> {
  const { db, logger, intervalMs } = options;

  /** One round over every library with an entry due; answers how many entries it made. */
  async function runOnce(): Promise<number> {
    let made = 0;
    for (const libraryId of await repository.librariesWithDue(db)) {
      try {
        made += await catchUpRecurringExpenses(db, libraryId);
      } catch (error) {
        // One library's failure must not keep the others' entries back.
        logger.error({ err: error, libraryId }, 'expenses: monthly entries failed');
      }
    }
    if (made > 0) logger.info({ made }, 'expenses: monthly entries made');
    return made;
  }

  return createIntervalWorker({ runOnce, intervalMs, logger, failure: 'expenses: monthly entries round failed' });
}
