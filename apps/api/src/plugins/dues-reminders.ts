import fp from 'fastify-plugin';
import { createDuesReminderWorker } from '../modules/dues/dues.reminders';

/**
 * Automatic push reminders of dues (issue 13): a worker runs in this process from `onReady`
 * to `onClose` (as the outbox worker does), a round at once and then every `intervalMs`.
 * Every API process runs one; the reminders' unique index keeps each stage once. Only
 * students with a device that can be delivered to (a Web Push subscription, or an app
 * token when FCM is configured) are reminded.
 */
export default fp<{ intervalMs: number }>(
  async (app, { intervalMs }) => {
    if (!app.push.active) return;
    const worker = createDuesReminderWorker({ db: app.db, push: app.push, logger: app.log, intervalMs });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'dues-reminders', dependencies: ['db', 'push'] },
);
