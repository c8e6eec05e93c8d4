import { z } from 'zod';
import {
  formatDateDMY,
  formatWindow,
  maskAadhaar,
  messages,
  type StudentExport,
  type StudentLifecycle,
  privacyMessages,
} from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, conflict, notFound } from '../../errors';
import { insertAuditEntry } from '../../db/audit-log.repository';
import { queueDeletions } from '../../db/storage-deletions.repository';
import type { DbOrTx } from '../../db/client';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { deleteQueuedFiles } from '../../lib/storage/deletions';
import type { Storage } from '../../lib/storage/storage';
import * as repository from './students.privacy.repository';

const m = privacyMessages;

/**
 * A student's data rights (issue 19, DPDP Act 2023): erasure of the identity documents, on
 * request (here) or once the library's retention period has passed (the retention job,
 * students.privacy.retention.ts), and the export of everything the library holds on them.
 */

/** What the data-rights calls need besides the request: set up once by the routes plugin. */
export interface PrivacyContext extends ServiceContext {
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

const UUID = z.uuid();

// A malformed id cannot name a student of this library: the same 404 as another library's id.
function studentId(id: string): string {
  if (!UUID.safeParse(id).success) throw notFound(messages.students.notFound);
  return id.toLowerCase();
}

/** The four files of a student's identity documents and photo: profile, its thumbnail, Aadhaar front and back. */
export function imageKeys(row: repository.ErasableRow): string[] {
  return [row.profile_key, row.profile_thumb_key, row.front_image_key, row.back_image_key].filter(
    (key): key is string => Boolean(key),
  );
}

/** Who erased: a person of the library (on request) or the retention job (no one). */
export type Eraser = { kind: 'request'; actor: Actor } | { kind: 'retention'; at: Date };

/**
 * Erases the documents of a student locked in `tx` (never their data in the audit entry):
 * the columns are cleared and the files' keys queued for deletion in the same transaction.
 * Answers the student's new state and the keys whose files the caller deletes after the commit.
 */
export async function eraseLocked(
  tx: DbOrTx,
  row: repository.ErasableRow,
  eraser: Eraser,
  keepLast4: boolean,
): Promise<{ lifecycle: StudentLifecycle; keys: string[] }> {
  const erased = await repository.eraseDocuments(tx, row.library_id, row.id, {
    erasedBy: eraser.kind === 'request' ? eraser.actor.adminId : null,
    keepLast4,
    at: eraser.kind === 'retention' ? eraser.at : null,
  });
  const keys = [...new Set(imageKeys(row))];
  await queueDeletions(tx, row.library_id, keys);
  const entry = {
    action: AUDIT_ACTIONS.studentErased,
    entityType: 'student',
    entityId: row.id,
    detail: m.erase.auditDetail(eraser.kind, keepLast4),
  } as const;
  if (eraser.kind === 'request') await writeAudit(tx, eraser.actor, entry);
  else await insertAuditEntry(tx, { libraryId: row.library_id, adminId: null, ip: null, ...entry });
  return {
    lifecycle: {
      id: erased.id,
      status: erased.status === 'left' ? 'left' : 'active',
      left_at: erased.left_at,
      documents_erased_at: erased.documents_erased_at,
    },
    keys,
  };
}

/** `Seat A12, 6:00 AM–2:00 PM` (or any free seat): the subscription an erasure waits for. */
function subscriptionNamed(running: repository.RunningSubscriptionRow): string {
  const seat = running.seat_name === null ? m.erase.anySeat : m.erase.seat(running.seat_name);
  return `${seat}, ${formatWindow(running.start_time, running.end_time)}`;
}

/**
 * `POST /user/{id}/erase`: erases a departed student's identity documents now. Refused for
 * a student who has not left (422), whose documents are already erased or who has a
 * subscription ending today or later (409, naming it). The files are deleted after the
 * commit; one that cannot be is queued for the retention job and never served meanwhile.
 */
export async function eraseStudent(context: PrivacyContext, actor: Actor, rawId: string): Promise<StudentLifecycle> {
  const id = studentId(rawId);
  const { lifecycle, keys } = await context.db.transaction(async (tx) => {
    const row = await repository.lockStudent(tx, actor.libraryId, id);
    if (!row) throw notFound(messages.students.notFound);
    if (!row.left_at) throw new AppError(422, m.erase.mustLeaveFirst);
    if (row.documents_erased_at) throw conflict(m.erase.alreadyErased);
    const running = await repository.runningSubscription(tx, actor.libraryId, id);
    if (running) {
      throw conflict(m.erase.activeSubscription(subscriptionNamed(running), formatDateDMY(running.plan_expires_at)));
    }
    const keepLast4 = await repository.keepsAadhaarLast4(tx, actor.libraryId);
    return eraseLocked(tx, row, { kind: 'request', actor }, keepLast4);
  });
  await deleteQueuedFiles(context.db, context.storage, keys, context.log);
  return lifecycle;
}

/** `student-asha-verma`: the name in lower-case letters and digits, for a file name. */
function fileStem(firstName: string, lastName: string | null): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return ['student', slug(firstName), slug(lastName ?? '')].filter(Boolean).join('-').slice(0, 80).replace(/-+$/, '');
}

export interface StudentExportFile {
  data: StudentExport;
  /** `student-<first>-<last>-<yyyy-mm-dd>` (the library's today), without the extension. */
  fileName: string;
  /** The library's time zone, for the readable page's dates and times. */
  timeZone: string;
}

/**
 * `GET /user/{id}/export`: everything the library holds on a student, as the student's own
 * copy: the profile (Aadhaar masked), the consent, subscriptions, payments, visits and the
 * notifications sent to them. Written to the audit log (with the format) before it is answered.
 */
export async function exportStudent(
  context: ServiceContext,
  actor: Actor,
  rawId: string,
  format: 'json' | 'html',
  now: Date = new Date(),
): Promise<StudentExportFile> {
  const id = studentId(rawId);
  const student = await repository.exportStudent(context.db, actor.libraryId, id);
  if (!student) throw notFound(messages.students.notFound);
  const [subscriptions, payments, attendance, notifications] = await Promise.all([
    repository.exportSubscriptions(context.db, actor.libraryId, id),
    repository.exportPayments(context.db, actor.libraryId, id),
    repository.exportAttendance(context.db, actor.libraryId, id),
    repository.exportNotifications(context.db, actor.libraryId, id),
  ]);
  const data: StudentExport = {
    exported_at: now.toISOString(),
    library: { name: student.library_name },
    profile: {
      first_name: student.first_name,
      last_name: student.last_name,
      mobile: student.mobile,
      email: student.email,
      dob: student.dob,
      aadhaar_number: student.aadhaar_last4 === null ? null : maskAadhaar(student.aadhaar_last4),
      kyc_status: student.kyc_status,
      status: student.status === 'left' ? 'left' : 'active',
      created_at: student.created_at,
      left_at: student.left_at,
      documents_erased_at: student.documents_erased_at,
    },
    consent:
      student.consent_at && student.consent_given_by && student.consent_notice !== null
        ? {
            at: student.consent_at,
            given_by: student.consent_given_by === 'guardian' ? 'guardian' : 'student',
            recorded_by_name: student.consent_recorded_by_name,
            notice: student.consent_notice,
          }
        : null,
    subscriptions: subscriptions.map((row) => ({ ...row, price: Number(row.price) })),
    payments: payments.map((row) => ({ ...row, amount: Number(row.amount) })),
    attendance,
    notifications,
  };
  await writeAudit(context.db, actor, {
    action: AUDIT_ACTIONS.studentExported,
    entityType: 'student',
    entityId: id,
    detail: format,
  });
  return {
    data,
    fileName: `${fileStem(student.first_name, student.last_name)}-${student.today}`,
    timeZone: student.time_zone,
  };
}
