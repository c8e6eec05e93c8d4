import { describe, expect, it } from 'vitest';
import { registerLibrary, unique, useTestApp } from '../../test/helpers';
import { mailCipher, queueMail } from './outbox';

// No mail worker runs in this file (no SMTP_URL), and every other test's worker keeps to its own
// recipients' domain: the rows queued here stay as written.
const t = useTestApp();

async function row(id: string) {
  const result = await t.pool.query(
    'select library_id, kind, to_address, message, status, attempts, sent_at from mail_outbox where id = $1',
    [id],
  );
  return result.rows[0];
}

describe('queueMail (issue 16)', () => {
  it('stores the mail queued, its message encrypted and bound to its row', async () => {
    const library = await registerLibrary(t.app);
    const to = `owner-${unique()}@outbox.test`;
    const id = await queueMail(
      t.app.db,
      {
        libraryId: library.session.library.id,
        kind: 'password_reset',
        to,
        subject: 'Reset your password',
        text: 'Open http://x/reset-password#token=secret-token',
        html: '<p>secret-token</p>',
      },
      t.app.appSecret,
    );

    const stored = await row(id);
    expect(stored).toMatchObject({
      library_id: library.session.library.id,
      kind: 'password_reset',
      to_address: to,
      status: 'queued',
      attempts: 0,
      sent_at: null,
    });
    // Nothing of the message is readable in the table.
    expect(stored.message).not.toContain('secret-token');
    expect(stored.message).not.toContain('Reset');
    const cipher = mailCipher(t.app.appSecret);
    expect(JSON.parse(cipher.decrypt(stored.message, id))).toEqual({
      subject: 'Reset your password',
      text: 'Open http://x/reset-password#token=secret-token',
      html: '<p>secret-token</p>',
    });
    // Copied into another row, it no longer opens.
    expect(() => cipher.decrypt(stored.message, crypto.randomUUID())).toThrow();
  });

  it('goes out only with the transaction it was queued in', async () => {
    const to = `nobody-${unique()}@outbox.test`;
    await expect(
      t.app.db.transaction(async (tx) => {
        await queueMail(tx, { libraryId: null, kind: 'test', to, subject: 'S', text: 'T' }, t.app.appSecret);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const result = await t.pool.query('select count(*)::int as n from mail_outbox where to_address = $1', [to]);
    expect(result.rows[0].n).toBe(0);
  });
});
