import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique, useTestApp } from '../../test/helpers';
import { queueMail } from './outbox';
import { startLoopbackSmtp, type LoopbackSmtp } from './testing/loopback-smtp';
import { createMailWorker, createSmtpSender } from './worker';

// The test files share one database: this file's worker sends only to its own domain.
const domain = `worker-${unique()}.test`;
const t = useTestApp();
let smtp: LoopbackSmtp;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
});
afterAll(async () => {
  await smtp.close();
});

function worker(overrides: { maxAttempts?: number } = {}) {
  const sender = createSmtpSender(smtp.url, 'Study Library <no-reply@library.test>');
  return {
    sender,
    worker: createMailWorker({
      db: t.app.db,
      appSecret: t.app.appSecret,
      send: sender.send,
      logger: quiet,
      retryBaseMs: 0,
      toDomain: domain,
      ...overrides,
    }),
  };
}

const row = async (id: string) =>
  (await t.pool.query('select status, message, attempts, sent_at, last_error from mail_outbox where id = $1', [id]))
    .rows[0];

describe('the mail worker (issue 16)', () => {
  it('sends a queued mail over SMTP and erases its message', async () => {
    const to = `reader-${unique()}@${domain}`;
    const id = await queueMail(
      t.app.db,
      { libraryId: null, kind: 'test', to, subject: 'Hello there', text: 'Plain body', html: '<p>Rich body</p>' },
      t.app.appSecret,
    );
    const { worker: w, sender } = worker();
    expect(await w.runOnce()).toBe(1);
    sender.close();

    const mail = await smtp.waitFor(to);
    expect(mail.subject).toBe('Hello there');
    expect(mail.text.trim()).toBe('Plain body');
    expect(mail.html).toContain('Rich body');
    expect(mail.parsed.from?.text).toContain('no-reply@library.test');
    expect(await row(id)).toMatchObject({ status: 'sent', message: null, attempts: 1, last_error: null });
    expect((await row(id)).sent_at).not.toBeNull();
  });

  it('retries while the SMTP server is down and sends once it is up again', async () => {
    const to = `later-${unique()}@${domain}`;
    const id = await queueMail(
      t.app.db,
      { libraryId: null, kind: 'test', to, subject: 'S', text: 'T' },
      t.app.appSecret,
    );
    const { worker: w, sender } = worker();
    await smtp.down();
    try {
      expect(await w.runOnce()).toBe(1);
    } finally {
      await smtp.up();
    }
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.message).not.toBeNull();
    expect(waiting.last_error).toBeTruthy();
    expect(smtp.to(to)).toHaveLength(0);

    expect(await w.runOnce()).toBe(1);
    sender.close();
    await smtp.waitFor(to);
    expect(await row(id)).toMatchObject({ status: 'sent', message: null, attempts: 2 });
  });

  it('gives up after the last attempt and erases the message', async () => {
    const to = `never-${unique()}@${domain}`;
    const id = await queueMail(
      t.app.db,
      { libraryId: null, kind: 'test', to, subject: 'S', text: 'T' },
      t.app.appSecret,
    );
    const { worker: w, sender } = worker({ maxAttempts: 2 });
    await smtp.down();
    try {
      await w.runOnce();
      await w.runOnce();
    } finally {
      await smtp.up();
      sender.close();
    }
    const given = await row(id);
    expect(given).toMatchObject({ status: 'failed', message: null, attempts: 2 });
    expect(given.last_error).toBeTruthy();
    expect(await w.runOnce()).toBe(0);
  });

  it('leaves mail to other domains alone (another test file’s worker)', async () => {
    const to = `elsewhere-${unique()}@other-${unique()}.test`;
    const id = await queueMail(
      t.app.db,
      { libraryId: null, kind: 'test', to, subject: 'S', text: 'T' },
      t.app.appSecret,
    );
    const { worker: w, sender } = worker();
    await w.runOnce();
    sender.close();
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await t.pool.query('delete from mail_outbox where id = $1', [id]);
  });
});
