import { randomInt } from 'node:crypto';
import {
  messages,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  type DevicePlatform,
  type PairingCodeResult,
  type StudentPairing,
  privacyMessages,
} from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { revokeStudentSession } from '../../db/student-sessions.repository';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { AppError, notFound, unauthorized } from '../../errors';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './devices.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const studentNotFound = () => notFound(messages.students.notFound);

/** Keyed hash of a normalised pairing code: a leaked table cannot be turned back into codes. */
export type CodeHasher = (code: string) => string;

export interface DevicesContext extends ServiceContext {
  hashCode: CodeHasher;
}

/** A fresh code: 8 Crockford base-32 digits, 40 random bits. */
export function newPairingCode(): string {
  let code = '';
  for (let index = 0; index < PAIRING_CODE_LENGTH; index += 1) {
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  }
  return code;
}

async function requireStudent(db: DbOrTx, libraryId: string, studentId: string) {
  const student = UUID.test(studentId) ? await repository.findStudent(db, libraryId, studentId) : undefined;
  if (!student) throw studentNotFound();
  return student;
}

/**
 * Makes a new pairing code for a student and answers it this once; only its hash is
 * kept. The old code stops working; phones paired with it stay paired.
 */
export async function regeneratePairingCode(
  context: DevicesContext,
  actor: Actor,
  studentId: string,
): Promise<PairingCodeResult> {
  const { db, hashCode } = context;
  const { libraryId } = actor;
  const student = await requireStudent(db, libraryId, studentId);
  // Issue 19: a student who left cannot pair a phone (leaving ended their sessions and devices).
  if (student.status === 'left') throw new AppError(422, privacyMessages.leave.cannotPair);
  // A collision with another student's code is rare (40 bits); draw again when it happens.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newPairingCode();
    const saved = await repository.replacePairingCode(db, libraryId, studentId, hashCode(code));
    if (saved) return { code, created_at: saved.created_at };
  }
  throw new Error('Could not draw an unused pairing code');
}

export async function getPairing(context: DevicesContext, actor: Actor, studentId: string): Promise<StudentPairing> {
  const { db } = context;
  const { libraryId } = actor;
  await requireStudent(db, libraryId, studentId);
  const [devices, sessions, code] = await Promise.all([
    repository.listDevices(db, libraryId, studentId),
    repository.listStudentSessions(db, libraryId, studentId),
    repository.findPairingCodeInfo(db, libraryId, studentId),
  ]);
  return { devices, sessions, has_code: Boolean(code), code_created_at: code?.created_at ?? null };
}

export async function removeDevice(context: DevicesContext, actor: Actor, studentId: string, deviceId: string) {
  const { db } = context;
  const { libraryId } = actor;
  await requireStudent(db, libraryId, studentId);
  const removed = UUID.test(deviceId) && (await repository.deleteDevice(db, libraryId, studentId, deviceId));
  if (!removed) throw notFound();
}

/**
 * Unpairs a phone signed in to the student app (issue 15): its session ends at once (its next
 * call answers 401, its entry pass is refused) and the Web Push devices it registered go.
 */
export async function revokeStudentAppSession(
  context: DevicesContext,
  actor: Actor,
  studentId: string,
  sessionId: string,
) {
  const { libraryId } = actor;
  await requireStudent(context.db, libraryId, studentId);
  const revoked =
    UUID.test(sessionId) &&
    (await context.db.transaction(async (tx) => {
      if (!(await revokeStudentSession(tx, libraryId, studentId, sessionId))) return false;
      await writeAudit(tx, actor, {
        action: AUDIT_ACTIONS.studentAppUnpaired,
        entityType: 'student_session',
        entityId: sessionId,
      });
      return true;
    }));
  if (!revoked) throw notFound(messages.student.sessionNotFound);
}

/** Binds a phone to the student whose pairing code it sends (the student app's call: no actor). */
export async function registerDevice(
  context: DevicesContext,
  input: { pairingCode: string; fcmToken: string; platform: DevicePlatform },
) {
  const { db } = context;
  const owner = await repository.findByCodeHash(db, context.hashCode(input.pairingCode));
  if (!owner) throw unauthorized(messages.notification.devices.codeInvalid);
  const device = await repository.upsertDevice(db, owner.library_id, owner.student_id, input);
  return {
    device,
    student: { first_name: owner.first_name },
    library: { name: owner.library_name },
  };
}
