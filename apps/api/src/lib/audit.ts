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
  /** Issue 20: the person chose another language. */
  languageChanged: 'admin.language_change',
  passwordChanged: 'admin.password_change',
  passwordReset: 'admin.password_reset',
  currentPasswordRefused: 'admin.current_password_refused',
  registered: 'library.register',
  areaDeleted: 'area.delete',
  seatDeleted: 'seat.delete',
  paymentRecorded: 'payment.record',
  settingsUpdated: 'settings.update',
  dueReminded: 'due.remind',
  paymentVoided: 'payment.void',
  paymentAdjusted: 'payment.adjust',
  expenseCreated: 'expense.create',
  expenseUpdated: 'expense.update',
  expenseDeleted: 'expense.delete',
  recurringExpenseCreated: 'recurring_expense.create',
  recurringExpenseUpdated: 'recurring_expense.update',
  recurringExpenseStopped: 'recurring_expense.stop',
  receiptLinkCreated: 'receipt.link_create',
  receiptLinksRevoked: 'receipt.link_revoke',
  studentAppSignedIn: 'student.app_sign_in',
  studentAppSignedOut: 'student.app_sign_out',
  studentAppUnpaired: 'student.app_unpair',
  idCardIssued: 'student.id_card_issue',
  idCardRevoked: 'student.id_card_revoke',
  // Issue 16: the team.
  teamInvited: 'team.invite',
  teamInvitationResent: 'team.invite_resend',
  teamInvitationRevoked: 'team.invite_revoke',
  teamJoined: 'team.join',
  teamPersonAdded: 'team.person_add',
  teamRoleChanged: 'team.role_change',
  teamDeactivated: 'team.deactivate',
  teamReactivated: 'team.reactivate',
  // Issue 16: writes whose services keep no entry of their own (plugins/write-audit.ts).
  studentCreated: 'student.create',
  studentUpdated: 'student.update',
  studentKycChanged: 'student.kyc',
  subscriptionCreated: 'subscription.create',
  subscriptionUpdated: 'subscription.update',
  subscriptionRenewed: 'subscription.renew',
  areaCreated: 'area.create',
  areaUpdated: 'area.update',
  seatsGenerated: 'seat.generate',
  seatUpdated: 'seat.update',
  seatCreated: 'seat.create',
  pairingCodeMade: 'student.pairing_code',
  studentDeviceRemoved: 'student.device_remove',
  notificationSent: 'notification.send',
  checkIn: 'attendance.check',
  adminWrite: 'admin.write',
  // Issue 19: data rights (export and erasure; consent, leave and rejoin are the students module's).
  studentExported: 'student.export',
  studentErased: 'student.erase',
  studentConsented: 'student.consent',
  studentLeft: 'student.leave',
  studentRejoined: 'student.rejoin',
} as const;

/** Who did it: the admin of a library (null: a student, in the student app), from an address. */
export interface AuditActor {
  libraryId: string;
  adminId: string | null;
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
