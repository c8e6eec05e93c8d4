import { z } from 'zod';
import { paginationSchema } from '../common/envelope';
import { listQuerySchema } from '../common/list-query';
import { auditMessages } from './audit.messages';

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
      .regex(/^[a-z_.]{1,60}$/, { error: () => auditMessages.actionInvalid })
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

/** How the activity screen names each action (the audit catalogue's texts, read when read). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = auditMessages.actions;
