import fp from 'fastify-plugin';
import { createRecurringExpenseWorker } from '../lib/recurring-expenses';

/**
 * Monthly recurring expenses (issue 14): a worker in this process makes their due entries
 * from `onReady` to `onClose`, a round at once and then every `intervalMs` (none when
 * null: tests run rounds themselves). Every API process runs one; the rows' lock and the
 * entries' unique index make each entry once.
 */
export default fp<{ intervalMs: number | null }>(
  async (app, { intervalMs }) => {
    if (intervalMs === null) return;
    const worker = createRecurringExpenseWorker({ db: app.db, logger: app.log, intervalMs });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'recurring-expenses', dependencies: ['db'] },
);
