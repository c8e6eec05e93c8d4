import { messages, type Admin, type AdminSession, type Language, type Registration } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { admins } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { conflict, unauthorized } from '../../errors';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { findAdminById, type AdminRow } from '../../db/admins.repository';
import { presentAdmin } from '../../lib/admin-record';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './auth.repository';

/** The sign-in calls run on the database and open sessions this long (SESSION_TTL). */
export interface SignInContext extends ServiceContext {
  sessionTtlMs: number;
}

// Verified against when the email is unknown, so both failures take the same time.
const dummyHash = hashPassword('not-a-real-password-for-timing');

async function openSession(db: DbOrTx, admin: AdminRow, ttlMs: number): Promise<AdminSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await repository.insertSession(db, {
    libraryId: admin.libraryId,
    adminId: admin.id,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return { ...presentAdmin(admin), token, expiresAt: expiresAt.toISOString() };
}

/** Records what happened to an admin's account, from the caller at `ip` (there is no actor yet). */
function auditAccount(db: DbOrTx, admin: AdminRow, ip: string, event: Parameters<typeof writeAudit>[2]) {
  return writeAudit(db, { libraryId: admin.libraryId, adminId: admin.id, ip }, event);
}

/** Opens a session for the admin and records in the audit log what opened it. */
async function openAuditedSession(
  context: SignInContext,
  admin: AdminRow,
  ip: string,
  event: Parameters<typeof writeAudit>[2],
): Promise<AdminSession> {
  const session = await openSession(context.db, admin, context.sessionTtlMs);
  await auditAccount(context.db, admin, ip, event);
  return session;
}

/** Registers a library and its owner, and signs the owner in (no actor yet: `ip` is the caller's). */
export async function registerLibrary(context: SignInContext, input: Registration, ip: string): Promise<AdminSession> {
  const { db } = context;
  const ownerName = [input.first_name, input.last_name].filter(Boolean).join(' ');
  const passwordHash = await hashPassword(input.password);
  const owner = await repository.createLibraryWithOwner(db, {
    library: { name: input.library_name, mobile: input.mobile, email: input.email, address: input.address ?? null },
    owner: { name: ownerName, email: input.owner_email, phone: input.owner_mobile, passwordHash },
  });
  if (!owner) throw conflict(messages.auth.ownerEmailTaken, 'owner_email');
  return openAuditedSession(context, owner, ip, {
    action: AUDIT_ACTIONS.registered,
    entityType: 'library',
    entityId: owner.libraryId,
  });
}

/** Signs an admin in (no actor yet: `ip` is the caller's); a failure on a real account is audited. */
export async function login(
  context: SignInContext,
  input: { identifier: string; password: string },
  ip: string,
): Promise<AdminSession> {
  const { db } = context;
  const admin = await repository.findAdminByEmail(db, input.identifier);
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyHash), input.password);
  // A deactivated person (issue 16) gets the same answer as a wrong password.
  if (!admin || !valid || admin.deactivatedAt) {
    // A failed attempt on a real account is the owner's business; an unknown email has no library.
    if (admin) {
      await auditAccount(db, admin, ip, {
        action: AUDIT_ACTIONS.signInFailed,
        entityType: 'admin',
        entityId: admin.id,
      });
    }
    throw unauthorized(messages.auth.invalidCredentials);
  }
  return openAuditedSession(context, admin, ip, {
    action: AUDIT_ACTIONS.signedIn,
    entityType: 'admin',
    entityId: admin.id,
  });
}

/** Ends the actor's session. */
export async function logout(context: SignInContext, actor: Actor) {
  const { db } = context;
  await repository.revokeSession(db, actor.libraryId, actor.sessionId);
  await writeAudit(db, actor, { action: AUDIT_ACTIONS.signedOut, entityType: 'admin', entityId: actor.adminId });
}

/**
 * Issue 20: keeps the person's language for every device they sign in on. A change of an earlier
 * choice is audited; the first choice (a device's saved at sign-in) and the same choice again are
 * not: the owner's activity shows what someone changed, not what their phone told the server.
 */
export async function setLanguage(context: SignInContext, actor: Actor, language: Language): Promise<Language> {
  await context.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ language: admins.language })
      .from(admins)
      .where(and(eq(admins.libraryId, actor.libraryId), eq(admins.id, actor.adminId)))
      .for('update');
    if (!before) throw unauthorized(messages.auth.invalidToken);
    if (before.language === language) return;
    await tx
      .update(admins)
      .set({ language, updatedAt: sql`now()` })
      .where(and(eq(admins.libraryId, actor.libraryId), eq(admins.id, actor.adminId)));
    if (before.language === null) return;
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.languageChanged,
      entityType: 'admin',
      entityId: actor.adminId,
      detail: language,
    });
  });
  return language;
}

export async function currentAdmin(context: SignInContext, actor: Actor): Promise<Admin> {
  const admin = await findAdminById(context.db, actor.libraryId, actor.adminId);
  if (!admin) throw unauthorized(messages.auth.invalidToken);
  return presentAdmin(admin);
}
