import type { DbOrTx } from '../db/client';
import { insertAuditEntry } from '../db/audit-log.repository';

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
  paymentRecorded: 'payment.record',
  settingsUpdated: 'settings.update',
  dueReminded: 'due.remind',
} as const;

/** Who did it: the admin of a library, from an address. */
export interface AuditActor {
  libraryId: string;
  adminId: string;
  ip: string;
}

/** What was done to which record. */
export interface AuditEvent {
  action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
  entityType: string;
  entityId?: string | null;
  detail?: string | null;
}

/** Records an action in the audit log; services await it so a view is never served unrecorded. */
export function writeAudit(db: DbOrTx, actor: AuditActor, event: AuditEvent): Promise<void> {
  return insertAuditEntry(db, { libraryId: actor.libraryId, adminId: actor.adminId, ip: actor.ip, ...event });
}
