import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createFcmProvider } from '../lib/push/fcm';
import { createOutboxWorker } from '../lib/push/outbox-worker';

export interface PushHandle {
  /** Whether a push provider is configured: without one, notifications are stored, not delivered. */
  deliverable: boolean;
  /** Tells the outbox worker there is new work (no-op when push is off). */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushHandle;
  }
}

/**
 * Push delivery (DESIGN.md §6 Notifications): with FCM credentials configured, an outbox
 * worker runs inside this process from `onReady` to `onClose`. Every API process runs
 * one; they share the outbox through row locks.
 */
export default fp<{ push: Config['push'] }>(
  async (app, { push }) => {
    if (!push.serviceAccount) {
      app.decorate('push', { deliverable: false, kick: () => undefined });
      return;
    }
    const provider = createFcmProvider(push.serviceAccount, { apiBase: push.apiBase });
    const worker = createOutboxWorker({
      db: app.db,
      provider,
      logger: app.log,
      maxAttempts: push.maxAttempts,
      pollIntervalMs: push.pollIntervalMs,
    });
    app.decorate('push', { deliverable: true, kick: () => worker.kick() });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'push', dependencies: ['db'] },
);
