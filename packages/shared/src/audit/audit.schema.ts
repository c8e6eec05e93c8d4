import { z } from 'zod';
import { paginationSchema } from '../common/envelope';
import { listQuerySchema } from '../common/list-query';

/** `GET /admin/audit-log` query: newest first by default. */
export const auditListQuerySchema = listQuerySchema({
  sortKeys: ['created_at'],
  defaultSortBy: 'created_at',
  defaultSortOrder: 'DESC',
}).extend({
  action: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .regex(/^[a-z_.]{1,60}$/, { error: 'Unknown action' })
      .optional(),
  ),
});

/** One audit entry: who did what to which record, from where, when. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
  admin_name: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), pagination: paginationSchema });

/** How the activity screen names each action. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'admin.sign_in': 'Signed in',
  'admin.sign_in_failed': 'Failed sign-in',
  'admin.sign_out': 'Signed out',
  'admin.profile_update': 'Profile changed',
  'admin.password_change': 'Password changed',
  'admin.password_reset': 'Password reset by email link',
  'admin.current_password_refused': 'Wrong current password',
  'library.register': 'Library registered',
  'area.delete': 'Area deleted',
  'seat.delete': 'Seat deleted',
  'student.aadhaar.view': 'Aadhaar number viewed',
  'student.identity_image.view': 'Identity image viewed',
  'payment.record': 'Payment recorded',
  'settings.update': 'Settings changed',
  'due.remind': 'Dues reminder recorded',
  'payment.void': 'Payment voided',
  'payment.adjust': 'Payment adjusted',
  'receipt.link_create': 'Receipt link shared',
  'receipt.link_revoke': 'Receipt links revoked',
  'expense.create': 'Expense added',
  'expense.update': 'Expense changed',
  'expense.delete': 'Expense deleted',
  'recurring_expense.create': 'Monthly expense added',
  'recurring_expense.update': 'Monthly expense changed',
  'recurring_expense.stop': 'Monthly expense stopped',
  'student.app_sign_in': 'Student app signed in',
  'student.app_sign_out': 'Student app signed out',
  'student.app_unpair': 'Student app phone unpaired',
  'student.id_card_issue': 'ID card issued',
  'student.id_card_revoke': 'ID card cancelled',
  'team.invite': 'Team invitation sent',
  'team.invite_resend': 'Team invitation sent again',
  'team.invite_revoke': 'Team invitation revoked',
  'team.join': 'Joined the team',
  'team.person_add': 'Team member added',
  'team.role_change': 'Role changed',
  'team.deactivate': 'Team member deactivated',
  'team.reactivate': 'Team member reactivated',
  'student.create': 'Student added',
  'student.update': 'Student changed',
  'student.kyc': 'Student KYC changed',
  'student.consent': 'Consent recorded',
  'student.leave': 'Student marked as left',
  'student.rejoin': 'Student returned',
  'student.export': 'Student data exported',
  'student.erase': 'Identity documents erased',
  'subscription.create': 'Subscription created',
  'subscription.update': 'Subscription changed',
  'subscription.renew': 'Subscription renewed',
  'area.create': 'Area added',
  'area.update': 'Area changed',
  'seat.generate': 'Seats generated',
  'seat.update': 'Seat changed',
  'seat.create': 'Seat added',
  'student.pairing_code': 'Student app pairing code made',
  'student.device_remove': 'Student phone removed',
  'notification.send': 'Notification sent to all students',
  'attendance.check': 'Check-in or check-out',
  'admin.write': 'Other change',
};
