import fp from 'fastify-plugin';
import type { Storage } from '../lib/storage/storage';
import { createRetentionWorker } from '../modules/students/students.privacy.retention';

/**
 * The retention job (issue 19): a worker in this process erases the identity documents of
 * students whose library's retention period has passed since they left (and deletes again
 * erased files a delete failed for), from `onReady` to `onClose`, a round at once and then
 * every `intervalMs` (none when null: tests run rounds themselves). Every API process runs
 * one; the rows' `skip locked` makes each erasure once.
 */
export default fp<{ intervalMs: number | null; storage: Storage }>(
  async (app, { intervalMs, storage }) => {
    if (intervalMs === null) return;
    const worker = createRetentionWorker({ db: app.db, storage, logger: app.log, intervalMs });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'retention', dependencies: ['db'] },
);
