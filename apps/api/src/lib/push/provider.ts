/** One push message to one device. */
export interface PushMessage {
  /** The FCM registration token, or a Web Push subscription's endpoint. */
  token: string;
  /** A Web Push subscription's keys (RFC 8291): set, the message goes by Web Push to `token`; unset, by FCM. */
  webPush?: { p256dh: string; auth: string };
  title: string;
  body: string;
  /** Key-value data the student app receives with it (e.g. the notification id). */
  data?: Record<string, string>;
}

/** What became of one send: the outbox worker stores it and decides what comes next. */
export type PushResult =
  | { outcome: 'delivered'; messageId?: string }
  /** A passing failure (rate limit, outage, network): send again later, after `retryAfterMs` if the provider said. */
  | { outcome: 'retry'; error: string; retryAfterMs?: number }
  /** Will never succeed as sent: give up now. */
  | { outcome: 'failed'; error: string }
  /** The provider no longer knows this device: give up and forget the device. */
  | { outcome: 'unregistered'; error: string };

/** A push service (Firebase Cloud Messaging or Web Push in production, a loopback peer in tests). */
export interface PushProvider {
  readonly name: string;
  send(message: PushMessage): Promise<PushResult>;
}

/**
 * Sends each message by its kind: Web Push subscriptions through `webPush`, app tokens
 * through `fcm`. Without FCM credentials app tokens fail (they were recorded as failed
 * when queued, so this is only reached by rows queued while FCM was configured).
 */
export function createRoutingProvider(providers: { webPush: PushProvider; fcm?: PushProvider }): PushProvider {
  const { webPush, fcm } = providers;
  return {
    name: fcm ? `${webPush.name}+${fcm.name}` : webPush.name,
    send(message) {
      if (message.webPush) return webPush.send(message);
      if (fcm) return fcm.send(message);
      return Promise.resolve({ outcome: 'failed', error: 'no FCM credentials configured for an app token' });
    },
  };
}
