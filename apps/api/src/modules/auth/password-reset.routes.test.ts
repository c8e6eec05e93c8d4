import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { messages, passwordResetMessages } from '@app/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/client';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../lib/mail/testing/loopback-smtp';
import { registerLibrary, unique } from '../../test/helpers';

const m = passwordResetMessages;
// The test files share one database: this file's mail worker sends only to its own domain.
const domain = `reset-${unique()}.test`;
const MINUTE = 60_000;

let smtp: LoopbackSmtp;
let clockOffset = 0;
const now = () => Date.now() + clockOffset;

async function build(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-reset-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: '100000',
    RECEIPT_LINK_RATE_LIMIT_MAX: '100000',
    DEVICE_RATE_LIMIT_MAX: '100000',
    ...env,
  });
  const database = connectDatabase(inject('databaseUrl'), 5);
  const app = await buildApp({ config, db: database.db, appSecret: randomBytes(32).toString('hex'), now });
  await app.ready();
  return {
    app,
    pool: database.pool,
    async close() {
      await app.close();
      await database.pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let t: Awaited<ReturnType<typeof build>>;
let noMail: Awaited<ReturnType<typeof build>>;

beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  t = await build({ SMTP_URL: smtp.url, MAIL_FROM: 'Library <no-reply@library.test>', MAIL_TEST_TO_DOMAIN: domain });
  noMail = await build({});
});
afterAll(async () => {
  await t?.close();
  await noMail?.close();
  await smtp?.close();
});

/** A library whose owner's email is on this file's domain. */
async function owner() {
  const email = `owner-${unique()}@${domain}`;
  const library = await registerLibrary(t.app, { owner_email: email });
  return { ...library, email };
}

const forgot = (email: unknown, remoteAddress = '127.0.0.1', app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
const reset = (token: unknown, password: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password }, remoteAddress });
const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
const signIn = (identifier: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });

/** The link of the newest reset mail to `email` (waiting for it), and its token. */
async function linkFor(email: string, after = 0) {
  const mail = await smtp.waitFor(email, { where: (arrived) => smtp.to(email).indexOf(arrived) >= after });
  const link = /(http\S+\/reset-password#token=([\w-]+))/.exec(mail.text);
  if (!link) throw new Error(`no link in ${mail.text}`);
  return { mail, link: link[1]!, token: link[2]! };
}

/** Waits until the background work of a forgot request has had its chance (no mail expected). */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function outboxRows(email: string) {
  const result = await t.pool.query('select status, message from mail_outbox where to_address = $1', [email]);
  return result.rows;
}

describe('password recovery (issue 16)', () => {
  it('mails a known owner a link that sets a new password once, ends every session and is audited', async () => {
    const library = await owner();
    const second = await signIn(library.email, library.body.password);
    expect(second.statusCode).toBe(200);

    const asked = await forgot(library.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ status: true, message: m.sent, data: null });

    const { mail, link, token } = await linkFor(library.email);
    expect(mail.subject).toBe(m.mailSubject);
    expect(link.startsWith('http://localhost:80/reset-password#token=')).toBe(true);
    expect(mail.html).toContain(link);
    // Only the token's hash is kept; the mail's message is erased once sent.
    const stored = await t.pool.query('select token_hash from password_resets where token_hash = $1', [token]);
    expect(stored.rowCount).toBe(0);
    await expect.poll(async () => (await outboxRows(library.email))[0]).toEqual({ status: 'sent', message: null });

    const done = await reset(token, 'a-new-password-1');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(m.done);

    // Every session of the account ended; the new password signs in, the old one not.
    expect((await me(library.auth)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${second.json().data.token}` })).statusCode).toBe(401);
    expect((await signIn(library.email, library.body.password)).statusCode).toBe(401);
    const fresh = await signIn(library.email, 'a-new-password-1');
    expect(fresh.statusCode).toBe(200);

    // Used once: the same link again is refused with how to get a new one.
    const again = await reset(token, 'another-password-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ status: false, message: m.linkInvalid });
    expect((await signIn(library.email, 'a-new-password-1')).statusCode).toBe(200);

    const audit = await t.pool.query(
      "select admin_id, entity_id from audit_log where library_id = $1 and action = 'admin.password_reset'",
      [library.session.library.id],
    );
    expect(audit.rows).toEqual([{ admin_id: library.session.id, entity_id: library.session.id }]);
  });

  it('refuses a link after its 30 minutes', async () => {
    const library = await owner();
    await forgot(library.email);
    const { token } = await linkFor(library.email);
    clockOffset = 30 * MINUTE + 1000;
    try {
      const late = await reset(token, 'a-new-password-1');
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(m.linkInvalid);
    } finally {
      clockOffset = 0;
    }
    expect((await me(library.auth)).statusCode).toBe(200);
    expect((await signIn(library.email, library.body.password)).statusCode).toBe(200);
  });

  it('works within the 30 minutes', async () => {
    const library = await owner();
    await forgot(library.email);
    const { token } = await linkFor(library.email);
    clockOffset = 29 * MINUTE;
    try {
      expect((await reset(token, 'a-new-password-1')).statusCode).toBe(200);
    } finally {
      clockOffset = 0;
    }
  });

  it('ends the older link when a newer one is asked for', async () => {
    const library = await owner();
    await forgot(library.email);
    const first = await linkFor(library.email);
    await forgot(library.email);
    const second = await linkFor(library.email, 1);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, 'a-new-password-1')).json().message).toBe(m.linkInvalid);
    expect((await reset(second.token, 'a-new-password-2')).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const stranger = `nobody-${unique()}@${domain}`;
    const library = await owner();
    const unknown = await forgot(stranger);
    const known = await forgot(library.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await linkFor(library.email);
    await settle();
    expect(smtp.to(stranger)).toHaveLength(0);
    expect(await outboxRows(stranger)).toEqual([]);
  });

  it('answers a deactivated person the same and sends nothing', async () => {
    const library = await owner();
    await t.pool.query('update admins set deactivated_at = now() where id = $1', [library.session.id]);
    const answer = await forgot(library.email);
    expect(answer.json()).toEqual({ status: true, message: m.sent, data: null });
    await settle();
    expect(smtp.to(library.email)).toHaveLength(0);
    expect(await outboxRows(library.email)).toEqual([]);
  });

  it('refuses a link whose person was deactivated after it was sent', async () => {
    const library = await owner();
    await forgot(library.email);
    const { token } = await linkFor(library.email);
    await t.pool.query('update admins set deactivated_at = now() where id = $1', [library.session.id]);
    expect((await reset(token, 'a-new-password-1')).json().message).toBe(m.linkInvalid);
  });

  it('refuses forged and malformed tokens and weak passwords, changing nothing', async () => {
    const library = await owner();
    await forgot(library.email);
    const { token } = await linkFor(library.email);
    expect((await reset(randomBytes(32).toString('base64url'), 'a-new-password-1')).json().message).toBe(m.linkInvalid);
    expect((await reset(`${token}x`, 'a-new-password-1')).statusCode).toBe(400);
    expect((await reset('', 'a-new-password-1')).statusCode).toBe(400);
    expect((await reset(['x'], 'a-new-password-1')).statusCode).toBe(400);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBeTruthy();
    expect(JSON.stringify(short.json())).toContain(m.passwordMin);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password' });
    expect(noBody.statusCode).toBe(400);
    // The link still works: nothing was used up by the refusals.
    expect((await reset(token, 'a-new-password-1')).statusCode).toBe(200);
  });

  it('refuses a malformed email with a clear message', async () => {
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(m.emailInvalid);
    expect((await forgot(42)).statusCode).toBe(400);
  });

  it('rate limits the form per address, as sign-in is', async () => {
    const limited = await build({
      SMTP_URL: smtp.url,
      MAIL_TEST_TO_DOMAIN: domain,
      AUTH_RATE_LIMIT_MAX: '3',
    });
    try {
      const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 3; i++) {
        expect((await forgot(`x-${unique()}@${domain}`, address, limited.app)).statusCode).toBe(200);
      }
      const refused = await forgot(`x-${unique()}@${domain}`, address, limited.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ status: false, message: messages.auth.tooManyAttempts });
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('sends one account at most three mails a window, answering every request the same', async () => {
    const library = await owner();
    for (let i = 0; i < 5; i++) {
      const answer = await forgot(library.email, `10.8.${i}.${Math.floor(Math.random() * 250)}`);
      expect(answer.json().message).toBe(m.sent);
    }
    await linkFor(library.email, 2);
    await settle();
    expect(smtp.to(library.email)).toHaveLength(3);
  });

  it('says whether mail is set up, and without it the form says so instead of pretending', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/mail-status' });
    expect(status.json()).toEqual({ status: true, message: 'OK', data: { configured: true } });
    const off = await noMail.app.inject({ method: 'GET', url: '/api/auth/mail-status' });
    expect(off.json().data).toEqual({ configured: false });
    const library = await owner();
    const refused = await forgot(library.email, '127.0.0.1', noMail.app);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: false, message: m.mailNotConfigured });
  });
});
