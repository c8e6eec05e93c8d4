/** One push message to one device. */
export interface PushMessage {
  token: string;
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

/** A push service (Firebase Cloud Messaging in production, a loopback peer in tests). */
export interface PushProvider {
  readonly name: string;
  send(message: PushMessage): Promise<PushResult>;
}
