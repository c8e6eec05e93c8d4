import { messages, type Admin } from '@app/shared';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@app/shared';
import type { Database } from '../../db/client';
import { conflict, unauthorized } from '../../errors';
import { findAdminById, presentAdmin } from '../../lib/admin-record';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import * as repository from './profile.repository';

type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * Saves the admin's name, email, phone and password. The form always sends the
 * password; it is re-hashed only when it differs from the current one.
 */
export async function updateProfile(
  db: Database,
  caller: { libraryId: string; adminId: string; sessionId: string; ip: string },
  input: ProfileUpdate,
): Promise<Admin> {
  const { libraryId, adminId } = caller;
  if (await repository.emailUsedByOther(db, adminId, input.email)) {
    throw conflict(messages.profile.emailTaken, 'email');
  }
  const currentHash = await repository.findPasswordHash(db, libraryId, adminId);
  if (!currentHash) throw unauthorized(messages.auth.invalidToken);
  const unchanged = await verifyPassword(currentHash, input.password);
  const passwordHash = unchanged ? undefined : await hashPassword(input.password);
  const saved = await repository.updateProfile(db, libraryId, adminId, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    passwordHash,
  });
  if (!saved) throw conflict(messages.profile.emailTaken, 'email');
  if (passwordHash) {
    // Whoever else holds a session of this account must sign in again with the new password.
    await repository.revokeOtherSessions(db, libraryId, adminId, caller.sessionId);
  }
  await writeAudit(db, {
    libraryId,
    adminId,
    action: passwordHash ? AUDIT_ACTIONS.passwordChanged : AUDIT_ACTIONS.profileUpdated,
    entityType: 'admin',
    entityId: adminId,
    ip: caller.ip,
  });
  const admin = await findAdminById(db, libraryId, adminId);
  if (!admin) throw unauthorized(messages.auth.invalidToken);
  return presentAdmin(admin);
}
