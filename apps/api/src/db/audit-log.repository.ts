import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { auditLog } from './schema';

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

/** Appends to the audit log (every module writes here; the audit module reads it). */
export async function insertAuditEntry(db: DbOrTx, entry: AuditEntry): Promise<void> {
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

/** Whether the library's log already has `action` on `entityId` (a replayed write is not recorded twice). */
export async function hasAuditEntry(db: DbOrTx, libraryId: string, action: string, entityId: string): Promise<boolean> {
  const rows = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.libraryId, libraryId), eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .limit(1);
  return rows.length > 0;
}
