import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The journeys' mailbox (issue 16): e2e/mail-server.ts (Playwright's global setup) runs the
 * loopback SMTP server the e2e server's SMTP_URL names, and writes each mail that arrives into
 * this folder as JSON, so every spec file (each in its own worker process) can read them.
 */
export const MAIL_PORT = Number(process.env.E2E_PORT ?? 3199) + 2;
export const MAIL_DIR = path.resolve(`.data-e2e-mail-${process.env.E2E_PORT ?? 3199}`);

export interface StoredMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/** Every mail to `address` so far, oldest first. */
export function mailsTo(address: string): StoredMail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(MAIL_DIR, name), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for the `count`-th mail to `address` (1: the first) and answers it. */
export async function waitForMail(address: string, count = 1): Promise<StoredMail> {
  await expect
    .poll(() => mailsTo(address).length, { message: `mail number ${count} to ${address}`, timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(address)[count - 1]!;
}

/** The first link in a mail's text that goes to `pathname` (such as /reset-password). */
export function linkIn(mail: StoredMail, pathname: string): string {
  const link = new RegExp(`https?://\\S+${pathname}#token=[\\w-]+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return link;
}
