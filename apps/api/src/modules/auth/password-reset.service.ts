import { sql } from 'drizzle-orm';
import { passwordResetMessages } from '@app/shared';
import type { Database, DbOrTx } from '../../db/client';
import { badRequest } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { queueMail } from '../../lib/mail/outbox';
import { hashPassword } from '../../lib/passwords';
import { hashToken, newSessionToken } from '../../lib/tokens';

const m = passwordResetMessages;

/** How long a reset link works (issue 16). */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

export type ResettableAdmin = {
  id: string;
  library_id: string;
  name: string;
  email: string;
};

/** The active account with this email (a deactivated person gets no link), if any. */
export async function findResettableAdmin(db: DbOrTx, email: string): Promise<ResettableAdmin | undefined> {
  const result = await db.execute<ResettableAdmin>(sql`
    select id, library_id, name, email from admins
    where email = ${email.trim().toLowerCase()} and deactivated_at is null`);
  return result.rows[0];
}

/**
 * A new single-use reset link for the admin, valid 30 minutes from `now`: earlier open links of
 * the account end (the newest request is the one that works); only the token's hash is kept.
 */
export async function createResetLink(db: DbOrTx, admin: ResettableAdmin, origin: string, now: number) {
  const token = newSessionToken();
  await db.execute(sql`
    update password_resets set used_at = ${new Date(now)}
    where admin_id = ${admin.id} and used_at is null`);
  await db.execute(sql`
    insert into password_resets (admin_id, token_hash, created_at, expires_at)
    values (${admin.id}, ${hashToken(token)}, ${new Date(now)}, ${new Date(now + RESET_LINK_TTL_MS)})`);
  return `${origin}/reset-password#token=${token}`;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset email: plain text and a simple HTML version with the same link. */
export function resetMail(admin: ResettableAdmin, link: string) {
  const html =
    `<p>${escapeHtml(m.mailGreeting(admin.name))}</p>` +
    `<h2>${escapeHtml(m.mailHeading)}</h2>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(m.mailButton)}</a></p>` +
    `<p>${escapeHtml(link)}</p>` +
    `<p>${escapeHtml(m.mailIgnore)}</p>`;
  return { subject: m.mailSubject, text: m.mailText(admin.name, link), html };
}

/**
 * Forgot password: for a known active email, a new link emailed through the outbox (in one
 * transaction with the link). Answers whether a mail was queued; the route answers the same
 * either way.
 */
export async function requestReset(
  context: { db: Database; appSecret: string },
  email: string,
  origin: string,
  now: number,
): Promise<boolean> {
  const admin = await findResettableAdmin(context.db, email);
  if (!admin) return false;
  await context.db.transaction(async (tx) => {
    const link = await createResetLink(tx, admin, origin, now);
    await queueMail(
      tx,
      { libraryId: admin.library_id, kind: 'password_reset', to: admin.email, ...resetMail(admin, link) },
      context.appSecret,
    );
  });
  return true;
}

/**
 * Sets a new password from a reset link: the link must be open (unused, unexpired at `now`) and
 * its account active. The link is used up, the password replaced (no longer a one-time one),
 * every session of the account ended and the change audited, in one transaction.
 */
export async function resetPassword(db: Database, input: { token: string; password: string }, ip: string, now: number) {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await tx.execute<{ admin_id: string; library_id: string }>(sql`
      update password_resets r set used_at = ${new Date(now)}
      from admins a
      where r.token_hash = ${hashToken(input.token)} and r.used_at is null and r.expires_at > ${new Date(now)}
        and a.id = r.admin_id and a.deactivated_at is null
      returning r.admin_id, a.library_id`);
    const reset = used.rows[0];
    if (!reset) throw badRequest(m.linkInvalid);
    await tx.execute(sql`
      update admins set password_hash = ${passwordHash}, password_changed_at = now(),
        must_change_password = false, updated_at = now()
      where id = ${reset.admin_id} and library_id = ${reset.library_id}`);
    await tx.execute(sql`
      update sessions set revoked_at = now()
      where admin_id = ${reset.admin_id} and library_id = ${reset.library_id} and revoked_at is null`);
    await writeAudit(
      tx,
      { libraryId: reset.library_id, adminId: reset.admin_id, ip },
      { action: AUDIT_ACTIONS.passwordReset, entityType: 'admin', entityId: reset.admin_id },
    );
  });
  return m.done;
}
