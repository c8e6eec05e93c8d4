import { can, messages } from '@app/shared';
import { forbidden, notFound } from '../../errors';
import { isQueuedForDeletion } from '../../db/storage-deletions.repository';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { parseStorageKey } from '../../lib/storage/keys';
import { isSafeStorageKey, type Storage, type StoredObject } from '../../lib/storage/storage';

export interface FilesContext extends ServiceContext {
  storage: Storage;
}

// Identity documents: every time one is served, the audit log says who saw it.
const AUDITED_KINDS: Record<string, Set<string>> = { students: new Set(['front', 'back']) };

/**
 * A stored file of the actor's library, for the session a signed link was made for:
 * 404 for another library's key or a missing file. Serving an identity document is
 * written to the audit log first, so it is never served unrecorded.
 */
export async function openFile(context: FilesContext, actor: Actor, key: string): Promise<StoredObject> {
  const parts = isSafeStorageKey(key) ? parseStorageKey(key) : undefined;
  if (!parts || parts.libraryId !== actor.libraryId) throw notFound(messages.students.fileNotFound);
  // Issue 16: a desk person's own links never open identity images (their student detail carries none).
  const identity = AUDITED_KINDS[parts.entityType]?.has(parts.kind) ?? false;
  if (identity && !can(actor.role, 'students.identity')) throw forbidden(messages.team.forbiddenIdentity);
  // Issue 19: an erased image whose file is still to delete (its delete failed) is gone all the same.
  if (await isQueuedForDeletion(context.db, key)) throw notFound(messages.students.fileNotFound);
  const file = await context.storage.get(key);
  if (!file) throw notFound(messages.students.fileNotFound);

  if (AUDITED_KINDS[parts.entityType]?.has(parts.kind)) {
    await writeAudit(context.db, actor, {
      action: AUDIT_ACTIONS.identityImageViewed,
      entityType: parts.entityType === 'students' ? 'student' : parts.entityType,
      entityId: parts.entityId,
      detail: parts.kind,
    }).catch((error: unknown) => {
      file.body.destroy();
      throw error;
    });
  }
  return file;
}
