import fs from 'node:fs';
import path from 'node:path';
import { startLoopbackSmtp } from '../apps/api/src/lib/mail/testing/loopback-smtp';
import { MAIL_DIR, MAIL_PORT, type StoredMail } from './mailbox';

/**
 * Playwright's global setup (issue 16): a loopback SMTP server on E2E_PORT + 2 for the whole
 * run, the e2e server's SMTP_URL. Each mail is written to MAIL_DIR for the specs (e2e/mailbox.ts).
 */
export default async function startMailServer() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let serial = 0;
  const smtp = await startLoopbackSmtp({
    port: MAIL_PORT,
    onMail(mail) {
      serial += 1;
      const stored: StoredMail = {
        to: mail.to,
        from: mail.from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        receivedAt: new Date().toISOString(),
      };
      const name = `${String(serial).padStart(6, '0')}.json`;
      // Written beside and renamed, so a reader never sees half a mail.
      fs.writeFileSync(path.join(MAIL_DIR, `${name}.partial`), JSON.stringify(stored));
      fs.renameSync(path.join(MAIL_DIR, `${name}.partial`), path.join(MAIL_DIR, name));
    },
  });
  return async () => {
    await smtp.close();
  };
}
