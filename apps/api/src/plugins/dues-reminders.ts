import fp from 'fastify-plugin';
import { createDuesReminderWorker } from '../modules/dues/dues.reminders';

/**
 * Automatic push reminders of dues (issue 13): with a push provider configured, a worker
 * runs in this process from `onReady` to `onClose`, a round at once and then every
 * `intervalMs`. Every API process runs one; the reminders' unique index keeps each stage
 * once. Without a provider nothing could be delivered, so no reminder is recorded either.
 */
export default fp<{ intervalMs: number }>(
  async (app, { intervalMs }) => {
    if (!app.push.deliverable) return;
    const worker = createDuesReminderWorker({ db: app.db, push: app.push, logger: app.log, intervalMs });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'dues-reminders', dependencies: ['db', 'push'] },
);
