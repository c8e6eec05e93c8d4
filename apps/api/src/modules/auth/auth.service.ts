import { messages, type Admin, type AdminSession, type Registration } from '@app/shared';
import type { Database } from '../../db/client';
import { conflict, unauthorized } from '../../errors';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { findAdminById, type AdminRow } from '../../db/admins.repository';
import { presentAdmin } from '../../lib/admin-record';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import * as repository from './auth.repository';

// Verified against when the email is unknown, so both failures take the same time.
const dummyHash = hashPassword('not-a-real-password-for-timing');

async function openSession(db: Database, admin: AdminRow, ttlMs: number): Promise<AdminSession> {
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

export async function registerLibrary(
  db: Database,
  input: Registration,
  ttlMs: number,
  ip: string,
): Promise<AdminSession> {
  const ownerName = [input.first_name, input.last_name].filter(Boolean).join(' ');
  const passwordHash = await hashPassword(input.password);
  const owner = await repository.createLibraryWithOwner(db, {
    library: { name: input.library_name, mobile: input.mobile, email: input.email, address: input.address ?? null },
    owner: { name: ownerName, email: input.owner_email, phone: input.owner_mobile, passwordHash },
  });
  if (!owner) throw conflict(messages.auth.ownerEmailTaken, 'owner_email');
  const session = await openSession(db, owner, ttlMs);
  await writeAudit(
    db,
    { libraryId: owner.libraryId, adminId: owner.id, ip },
    { action: AUDIT_ACTIONS.registered, entityType: 'library', entityId: owner.libraryId },
  );
  return session;
}

export async function login(
  db: Database,
  input: { identifier: string; password: string },
  ttlMs: number,
  ip: string,
): Promise<AdminSession> {
  const admin = await repository.findAdminByEmail(db, input.identifier);
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyHash), input.password);
  if (!admin || !valid) {
    // A failed attempt on a real account is the owner's business; an unknown email has no library.
    if (admin) {
      await writeAudit(
        db,
        { libraryId: admin.libraryId, adminId: admin.id, ip },
        { action: AUDIT_ACTIONS.signInFailed, entityType: 'admin', entityId: admin.id },
      );
    }
    throw unauthorized(messages.auth.invalidCredentials);
  }
  const session = await openSession(db, admin, ttlMs);
  await writeAudit(
    db,
    { libraryId: admin.libraryId, adminId: admin.id, ip },
    { action: AUDIT_ACTIONS.signedIn, entityType: 'admin', entityId: admin.id },
  );
  return session;
}

export async function logout(
  db: Database,
  auth: { libraryId: string; adminId: string; sessionId: string },
  ip: string,
) {
  await repository.revokeSession(db, auth.libraryId, auth.sessionId);
  await writeAudit(
    db,
    { libraryId: auth.libraryId, adminId: auth.adminId, ip },
    { action: AUDIT_ACTIONS.signedOut, entityType: 'admin', entityId: auth.adminId },
  );
}

export async function currentAdmin(db: Database, libraryId: string, adminId: string): Promise<Admin> {
  const admin = await findAdminById(db, libraryId, adminId);
  if (!admin) throw unauthorized(messages.auth.invalidToken);
  return presentAdmin(admin);
}
