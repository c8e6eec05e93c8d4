import { messages, type Admin, type AdminSession, type Registration } from '@app/shared';
import type { Database } from '../../db/client';
import { conflict, unauthorized } from '../../errors';
import { hashToken, newSessionToken } from '../../lib/tokens';
import { findAdminById, presentAdmin, type AdminRow } from '../../lib/admin-record';
import { hashPassword, verifyPassword } from '../../lib/passwords';
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

export async function registerLibrary(db: Database, input: Registration, ttlMs: number): Promise<AdminSession> {
  const ownerName = [input.first_name, input.last_name].filter(Boolean).join(' ');
  const passwordHash = await hashPassword(input.password);
  const owner = await repository.createLibraryWithOwner(db, {
    library: { name: input.library_name, mobile: input.mobile, email: input.email, address: input.address ?? null },
    owner: { name: ownerName, email: input.owner_email, phone: input.owner_mobile, passwordHash },
  });
  if (!owner) throw conflict(messages.auth.ownerEmailTaken, 'owner_email');
  return openSession(db, owner, ttlMs);
}

export async function login(
  db: Database,
  input: { identifier: string; password: string },
  ttlMs: number,
): Promise<AdminSession> {
  const admin = await repository.findAdminByEmail(db, input.identifier);
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyHash), input.password);
  if (!admin || !valid) throw unauthorized(messages.auth.invalidCredentials);
  return openSession(db, admin, ttlMs);
}

export async function logout(db: Database, libraryId: string, sessionId: string) {
  await repository.revokeSession(db, libraryId, sessionId);
}

export async function currentAdmin(db: Database, libraryId: string, adminId: string): Promise<Admin> {
  const admin = await findAdminById(db, libraryId, adminId);
  if (!admin) throw unauthorized(messages.auth.invalidToken);
  return presentAdmin(admin);
}
