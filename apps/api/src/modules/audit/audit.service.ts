import type { z } from 'zod';
import { paginate, type auditListQuerySchema, type auditListSchema } from '@app/shared';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './audit.repository';

export type AuditContext = ServiceContext;

type ListQuery = z.output<typeof auditListQuerySchema>;

/** One page of the library's audit log, newest first unless asked otherwise. */
export async function listAudit(
  context: AuditContext,
  actor: Actor,
  query: ListQuery,
): Promise<z.output<typeof auditListSchema>> {
  const { rows, total } = await repository.listAudit(context.db, actor.libraryId, {
    action: query.action,
    descending: query.sortOrder === 'DESC',
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { entries: rows, pagination: paginate(query.page, query.limit, total) };
}
