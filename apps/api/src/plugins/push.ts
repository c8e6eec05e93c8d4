import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createFcmProvider } from '../lib/push/fcm';
import { createOutboxWorker } from '../lib/push/outbox-worker';
import { createRoutingProvider } from '../lib/push/provider';
import { resolveVapidKeyPair } from '../lib/push/vapid';
import { createWebPushProvider } from '../lib/push/web-push';

export interface PushHandle {
  /**
   * Whether app tokens (android/ios) can be delivered: FCM credentials are configured. Web
   * Push subscriptions always can (the server has its VAPID keys).
   */
  fcm: boolean;
  /** The VAPID public key (base64url) browsers subscribe with. */
  vapidPublicKey: string;
  /** Tests only: Web Push endpoints on loopback http are accepted (WEB_PUSH_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  /** Whether this process delivers (runs the outbox worker): always, but in tests without a push peer. */
  active: boolean;
  /** Tells the outbox worker there is new work (no-op when it does not run here). */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushHandle;
  }
}

/**
 * Push delivery (DESIGN.md §6 Notifications, issue 15): an outbox worker runs inside this
 * process from `onReady` to `onClose`, sending Web Push subscriptions with the server's
 * VAPID keys (from the environment, else generated into DATA_DIR) and app tokens through FCM
 * when its credentials are configured. Every API process runs one; they share the outbox
 * through row locks, and must share the VAPID keys (docs/scaling.md).
 */
export default fp<{ push: Config['push'] }>(
  async (app, { push }) => {
    const keys = resolveVapidKeyPair(push.vapid.configured, push.vapid.dataDir);
    // Several processes must share one pair (docs/scaling.md): the log lets an operator compare them.
    app.log.info(
      {
        vapidPublicKey: keys.publicKey,
        from: push.vapid.configured ? 'VAPID_* variables' : 'DATA_DIR/vapid-keys.json',
      },
      'push: Web Push VAPID key',
    );
    const webPush = createWebPushProvider(
      { ...keys, subject: push.vapid.subject },
      { allowLoopback: push.allowLoopback },
    );
    const fcm = push.serviceAccount ? createFcmProvider(push.serviceAccount, { apiBase: push.apiBase }) : undefined;
    const worker = createOutboxWorker({
      db: app.db,
      provider: createRoutingProvider({ webPush, fcm }),
      logger: app.log,
      maxAttempts: push.maxAttempts,
      pollIntervalMs: push.pollIntervalMs,
    });
    app.decorate('push', {
      fcm: Boolean(fcm),
      vapidPublicKey: keys.publicKey,
      allowLoopback: push.allowLoopback,
      active: push.runWorker,
      kick: () => (push.runWorker ? worker.kick() : undefined),
    });
    if (!push.runWorker) return;
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'push', dependencies: ['db'] },
);
