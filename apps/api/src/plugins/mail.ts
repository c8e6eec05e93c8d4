import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { queueMail, type QueuedMail } from '../lib/mail/outbox';
import { createMailWorker, createSmtpSender } from '../lib/mail/worker';

export interface MailHandle {
  /** Whether mail goes out (SMTP_URL is set): without it the screens say email is not set up. */
  configured: boolean;
  /** Queues a mail (in `db`, the caller's transaction, else the app's database) and wakes the worker. */
  queue(mail: QueuedMail, db?: DbOrTx): Promise<string>;
  /** Tells the worker there is new work (after a transaction that queued mail committed). */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailHandle;
  }
}

/**
 * Mail (issue 16): with SMTP_URL set, a mail worker runs in this process from `onReady` to
 * `onClose`, sending the outbox over SMTP with nodemailer (lib/mail/worker.ts). Every process
 * runs one; they share the outbox through row locks.
 */
export default fp<{ mail: Config['mail'] }>(
  async (app, { mail }) => {
    const sender = mail ? createSmtpSender(mail.smtpUrl, mail.from) : undefined;
    const worker =
      mail && sender
        ? createMailWorker({
            db: app.db,
            appSecret: app.appSecret,
            send: sender.send,
            logger: app.log,
            maxAttempts: mail.maxAttempts,
            toDomain: mail.testToDomain,
          })
        : undefined;
    app.decorate('mail', {
      configured: Boolean(mail),
      async queue(queued: QueuedMail, db: DbOrTx = app.db) {
        const id = await queueMail(db, queued, app.appSecret);
        worker?.kick();
        return id;
      },
      kick: () => worker?.kick(),
    });
    if (!worker) return;
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      sender?.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
