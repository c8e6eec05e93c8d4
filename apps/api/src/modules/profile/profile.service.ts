import { messages, type Admin } from '@app/shared';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, unauthorized } from '../../errors';
import { findAdminById } from '../../db/admins.repository';
import { presentAdmin } from '../../lib/admin-record';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './profile.repository';

type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export type ProfileContext = ServiceContext;

/** A wrong current password on a profile change: the route counts these per session. */
export class WrongCurrentPassword extends AppError {
  constructor() {
    const message = messages.profile.currentPasswordWrong;
    super(400, message, [{ field: 'currentPassword', message }]);
  }
}

/**
 * Saves the admin's name, email, phone and password. The form always sends the
 * password; it is re-hashed only when it differs from the current one. Changing the
 * email or the password needs `currentPassword` (a stolen token alone must not be
 * enough to take the account); a name or phone change does not.
 */
export async function updateProfile(context: ProfileContext, actor: Actor, input: ProfileUpdate): Promise<Admin> {
  const { db } = context;
  const { libraryId, adminId } = actor;
  const current = await findAdminById(db, libraryId, adminId);
  if (!current) throw unauthorized(messages.auth.invalidToken);
  const passwordUnchanged = await verifyPassword(current.passwordHash, input.password);
  if (input.email !== current.email || !passwordUnchanged) {
    // Before the email check, so a token thief cannot learn which emails are taken either.
    await proveCurrentPassword(db, actor, current.passwordHash, input.currentPassword);
  }
  if (await repository.emailUsedByOther(db, adminId, input.email)) {
    throw conflict(messages.profile.emailTaken, 'email');
  }
  const passwordHash = passwordUnchanged ? undefined : await hashPassword(input.password);
  const saved = await repository.updateProfile(db, libraryId, adminId, {
    name: input.name,
    email: input.email,
    phone: input.phone,
    passwordHash,
  });
  if (!saved) throw conflict(messages.profile.emailTaken, 'email');
  if (passwordHash) {
    // Whoever else holds a session of this account must sign in again with the new password.
    await repository.revokeOtherSessions(db, libraryId, adminId, actor.sessionId);
  }
  await writeAudit(db, actor, {
    action: passwordHash ? AUDIT_ACTIONS.passwordChanged : AUDIT_ACTIONS.profileUpdated,
    entityType: 'admin',
    entityId: adminId,
  });
  const admin = await findAdminById(db, libraryId, adminId);
  if (!admin) throw unauthorized(messages.auth.invalidToken);
  return presentAdmin(admin);
}

async function proveCurrentPassword(
  db: DbOrTx,
  actor: Actor,
  passwordHash: string,
  currentPassword: string | undefined,
) {
  if (!currentPassword) {
    const message = messages.profile.currentPasswordRequired;
    throw badRequest(message, [{ field: 'currentPassword', message }]);
  }
  if (await verifyPassword(passwordHash, currentPassword)) return;
  await writeAudit(db, actor, {
    action: AUDIT_ACTIONS.currentPasswordRefused,
    entityType: 'admin',
    entityId: actor.adminId,
  });
  throw new WrongCurrentPassword();
}
