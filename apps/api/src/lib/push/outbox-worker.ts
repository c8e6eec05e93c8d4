import type { Database } from '../../db/client';
import type { PushProvider } from './provider';
import * as outbox from './outbox.repository';
import { createOutboxLoop } from '../outbox-loop';

interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxWorkerOptions {
  db: Database;
  provider: PushProvider;
  logger: WorkerLogger;
  /** Sends per delivery before it is given up as failed. */
  maxAttempts?: number;
  /** Pause between looks at the outbox when it is empty. */
  pollIntervalMs?: number;
  /** First retry delay; doubled each attempt, with jitter, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  batchSize?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  /** How long a claimed delivery stays reserved for its worker. */
  leaseMs?: number;
  random?: () => number;
}

export interface OutboxWorker {
  start(): void;
  /** Stops looking for work and waits (a few seconds at most) for sends in flight. */
  stop(): Promise<void>;
  /** Looks at the outbox now instead of at the next poll (a notification was just queued). */
  kick(): void;
  /** One claim-and-send round; answers how many deliveries it handled. */
  runOnce(): Promise<number>;
}

/** A Retry-After longer than this is not waited for in full. */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Delivers the outbox inside the server process: claims due rows, sends each through
 * the provider (Web Push or FCM by the device's kind: provider.ts's routing provider), stores each result, retries passing failures with exponential backoff
 * (honouring Retry-After) and forgets devices the provider calls unregistered.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, provider, logger } = options;
  const maxAttempts = options.maxAttempts ?? 5;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const retryMaxMs = options.retryMaxMs ?? 15 * 60 * 1000;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? 60_000;
  const random = options.random ?? Math.random;

  function backoff(attempts: number, retryAfterMs?: number): number {
    if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
    const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
    // Half fixed, half random: retries of one outage spread out instead of arriving together.
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
  }

  async function deliver(delivery: outbox.ClaimedDelivery) {
    if (delivery.attempts > maxAttempts) {
      await outbox.markFailed(db, delivery, `gave up after ${maxAttempts} attempts`);
      return;
    }
    if (delivery.device_id === null) {
      // Unpaired, signed out or forgotten since it was queued: the phone is no longer the student's to reach.
      await outbox.markFailed(db, delivery, 'device removed before delivery');
      return;
    }
    const result = await provider.send({
      token: delivery.fcm_token,
      ...(delivery.push_p256dh && delivery.push_auth
        ? { webPush: { p256dh: delivery.push_p256dh, auth: delivery.push_auth } }
        : {}),
      title: delivery.title,
      body: delivery.body,
      data: { notificationId: delivery.notification_id },
    });
    switch (result.outcome) {
      case 'delivered':
        await outbox.markDelivered(db, delivery, result.messageId);
        return;
      case 'unregistered':
        await outbox.removeDevice(db, delivery, result.error);
        logger.info({ deliveryId: delivery.id, deviceId: delivery.device_id }, 'push: device unregistered, removed');
        return;
      case 'failed':
        await outbox.markFailed(db, delivery, result.error);
        logger.warn({ deliveryId: delivery.id, error: result.error }, 'push: delivery failed');
        return;
      case 'retry':
        if (delivery.attempts >= maxAttempts) {
          await outbox.markFailed(db, delivery, `gave up after ${delivery.attempts} attempts: ${result.error}`);
          logger.warn({ deliveryId: delivery.id, error: result.error }, 'push: delivery given up');
        } else {
          await outbox.reschedule(db, delivery, result.error, backoff(delivery.attempts, result.retryAfterMs));
        }
    }
  }

  async function deliverSafely(delivery: outbox.ClaimedDelivery) {
    try {
      await deliver(delivery);
    } catch (error) {
      // The lease brings the row back if this could not even be recorded.
      logger.error({ err: error, deliveryId: delivery.id }, 'push: delivery errored');
      await outbox
        .reschedule(
          db,
          delivery,
          `internal error: ${(error as Error).message}`.slice(0, 500),
          backoff(delivery.attempts),
        )
        .catch(() => undefined);
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await outbox.claimDue(db, batchSize, leaseMs);
    await forEachLimited(claimed, concurrency, deliverSafely);
    return claimed.length;
  }

  const loop = createOutboxLoop({ runOnce, batchSize, pollIntervalMs, logger, failure: 'push: outbox round failed' });
  return { ...loop, runOnce };
}
