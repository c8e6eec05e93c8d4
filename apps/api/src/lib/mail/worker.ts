import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import * as outbox from './outbox';
import { createOutboxLoop } from '../outbox-loop';

interface WorkerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Sends one message; throws on failure (`permanent: true` on the error: not worth retrying). */
export type MailSender = (mail: { to: string; subject: string; text: string; html?: string }) => Promise<void>;

/**
 * A sender over SMTP with nodemailer: `smtpUrl` such as smtp://user:pass@host:587 or smtps://host:465.
 * nodemailer and its transport are loaded by the first mail, not at start (docs/performance.md,
 * "Memory and start").
 */
export function createSmtpSender(smtpUrl: string, from: string): { send: MailSender; close(): void } {
  let opening: Promise<Transporter> | undefined;
  const open = () =>
    (opening ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl, { from })));
  return {
    async send(mail) {
      const transport = await open();
      try {
        await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        // A 5xx answer (unknown mailbox, refused sender) will not change by retrying.
        const code = (error as { responseCode?: number }).responseCode;
        if (code && code >= 500 && code < 600) Object.assign(error as object, { permanent: true });
        throw error;
      }
    },
    // Never opened: nothing to close.
    close: () => void opening?.then((transport) => transport.close()),
  };
}

export interface MailWorkerOptions {
  db: Database;
  appSecret: string;
  send: MailSender;
  logger: WorkerLogger;
  /** Sends per mail before it is given up (its message erased). */
  maxAttempts?: number;
  pollIntervalMs?: number;
  /** First retry delay; doubled each attempt, with jitter, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  batchSize?: number;
  leaseMs?: number;
  random?: () => number;
  /** Tests only: this worker sends only to addresses of this domain (test files share one database). */
  toDomain?: string;
}

export interface MailWorker {
  start(): void;
  stop(): Promise<void>;
  /** Looks at the outbox now instead of at the next poll. */
  kick(): void;
  /** One claim-and-send round; answers how many mails it handled. */
  runOnce(): Promise<number>;
}

/**
 * Sends the mail outbox inside the server process (every process runs one; row locks share
 * the work): claims due mails, decrypts and sends each, erases the message once sent or given
 * up, and retries a failure with exponential backoff.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, send, logger } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const retryBaseMs = options.retryBaseMs ?? 10_000;
  const retryMaxMs = options.retryMaxMs ?? 30 * 60 * 1000;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const random = options.random ?? Math.random;
  const cipher = outbox.mailCipher(options.appSecret);

  function backoff(attempts: number): number {
    const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** (attempts - 1));
    return Math.round(ceiling / 2 + (ceiling / 2) * random());
  }

  async function deliver(mail: outbox.ClaimedMail) {
    let message: outbox.MailMessage;
    try {
      message = JSON.parse(cipher.decrypt(mail.message, mail.id)) as outbox.MailMessage;
    } catch {
      await outbox.markFailed(db, mail.id, 'message could not be decrypted (APP_SECRET changed?)');
      logger.error({ mailId: mail.id }, 'mail: message could not be decrypted');
      return;
    }
    try {
      await send({ to: mail.to_address, ...message });
    } catch (error) {
      const reason = `${(error as Error).message}`.slice(0, 500);
      if ((error as { permanent?: boolean }).permanent || mail.attempts >= maxAttempts) {
        await outbox.markFailed(db, mail.id, reason);
        logger.warn({ mailId: mail.id, kind: mail.kind, error: reason }, 'mail: given up');
      } else {
        await outbox.reschedule(db, mail.id, reason, backoff(mail.attempts));
        logger.warn({ mailId: mail.id, kind: mail.kind, error: reason }, 'mail: send failed, will retry');
      }
      return;
    }
    await outbox.markSent(db, mail.id);
    logger.info({ mailId: mail.id, kind: mail.kind }, 'mail: sent');
  }

  async function runOnce(): Promise<number> {
    const claimed = await outbox.claimDue(db, batchSize, leaseMs, options.toDomain);
    for (const mail of claimed) {
      try {
        await deliver(mail);
      } catch (error) {
        logger.error({ err: error, mailId: mail.id }, 'mail: delivery errored');
        await outbox.reschedule(db, mail.id, 'internal error', backoff(mail.attempts)).catch(() => undefined);
      }
    }
    return claimed.length;
  }

  const loop = createOutboxLoop({ runOnce, batchSize, pollIntervalMs, logger, failure: 'mail: outbox round failed' });
  return { ...loop, runOnce };
}
