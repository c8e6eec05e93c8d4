import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/** One entry of the audit log: who did what to which record, from where. */
export interface AuditEntry {
  libraryId: string;
  adminId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  detail?: string | null;
  ip?: string | null;
}

/** Audit actions recorded for identity data (DESIGN.md §5). */
export const AUDIT_ACTIONS = {
  aadhaarViewed: 'student.aadhaar.view',
  identityImageViewed: 'student.identity_image.view',
  signedIn: 'admin.sign_in',
  signInFailed: 'admin.sign_in_failed',
  signedOut: 'admin.sign_out',
  profileUpdated: 'admin.profile_update',
  passwordChanged: 'admin.password_change',
  currentPasswordRefused: 'admin.current_password_refused',
  registered: 'library.register',
  areaDeleted: 'area.delete',
  seatDeleted: 'seat.delete',
} as const;

/** Appends to the audit log; the caller awaits it so a view is never served unrecorded. */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    libraryId: entry.libraryId,
    adminId: entry.adminId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
