import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { createFieldCipher, type FieldCipher } from '../crypto';

/**
 * The mail outbox (issue 16): a request queues its mail here and answers at once; the mail
 * worker (worker.ts) sends it over SMTP, retrying with backoff. The message (it may carry a
 * reset or invitation link) is stored encrypted with the app secret, bound to its row, and
 * erased once sent or given up; the row stays as history (who, what kind, when, how it went).
 */

export interface QueuedMail {
  /** The library the mail is about; null for none (the worker reads across libraries). */
  libraryId: string | null;
  /** What it is ('password_reset', 'invitation', ...), for the history and tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailMessage {
  subject: string;
  text: string;
  html?: string;
}

/** The cipher of queued messages: one key for the purpose 'mail', derived from the app secret. */
export const mailCipher = (appSecret: string): FieldCipher => createFieldCipher(appSecret, 'mail');

/**
 * Queues a mail and answers its id. Pass the transaction of the change the mail announces,
 * so the mail goes out only if it commits. Then `app.mail.kick()` (or `app.mail.queue`, which
 * does both) so the worker looks at once instead of at its next poll.
 */
export async function queueMail(db: DbOrTx, mail: QueuedMail, appSecret: string): Promise<string> {
  const id = randomUUID();
  const message: MailMessage = { subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) };
  const sealed = mailCipher(appSecret).encrypt(JSON.stringify(message), id);
  await db.execute(sql`
    insert into mail_outbox (id, library_id, kind, to_address, message)
    values (${id}, ${mail.libraryId}, ${mail.kind}, ${mail.to}, ${sealed})`);
  return id;
}

export type ClaimedMail = {
  id: string;
  library_id: string | null;
  kind: string;
  to_address: string;
  message: string;
  attempts: number;
};

/**
 * Takes up to `limit` due mails and marks them sending until `leaseMs` from now (`skip
 * locked`: other processes take other rows); a mail whose lease ran out (its worker died
 * mid-send) is due again. `toDomain` (tests only) keeps a worker to the addresses of one domain.
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number, toDomain?: string): Promise<ClaimedMail[]> {
  const scope = toDomain ? sql`and lower(to_address) like ${`%@${toDomain.toLowerCase()}`}` : sql``;
  const result = await db.execute<ClaimedMail>(sql`
    with due as (
      select id from mail_outbox
      where status in ('queued', 'sending') and next_attempt_at <= now() and message is not null ${scope}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update mail_outbox m
    set status = 'sending', attempts = m.attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    from due where m.id = due.id
    returning m.id, m.library_id, m.kind, m.to_address, m.message, m.attempts`);
  return result.rows;
}

/** Sent: the message is erased. */
export async function markSent(db: DbOrTx, id: string) {
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = now(), message = null, last_error = null
    where id = ${id} and status = 'sending'`);
}

/** Given up: the message is erased, the reason kept. */
export async function markFailed(db: DbOrTx, id: string, error: string) {
  await db.execute(sql`
    update mail_outbox set status = 'failed', message = null, last_error = ${error.slice(0, 500)}
    where id = ${id} and status = 'sending'`);
}

/** Back in the queue, due after `delayMs`. */
export async function reschedule(db: DbOrTx, id: string, error: string, delayMs: number) {
  await db.execute(sql`
    update mail_outbox set status = 'queued', last_error = ${error.slice(0, 500)},
      next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
    where id = ${id} and status = 'sending'`);
}
