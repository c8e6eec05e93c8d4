import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema, errorEnvelopeSchema, paginate, successEnvelope } from '@app/shared';
import { requireAuth } from '../../plugins/auth';
import { listAudit } from './audit.repository';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['audit'],
        summary: 'Who did what: sign-ins, profile changes, deletions and identity-data views, newest first',
        security: [{ bearerAuth: [] }],
        querystring: auditListQuerySchema,
        response: { 200: successEnvelope(auditListSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { libraryId } = requireAuth(request);
      const query = request.query;
      const { rows, total } = await listAudit(app.db, libraryId, {
        action: query.action,
        descending: query.sortOrder === 'DESC',
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        status: true as const,
        message: 'OK',
        data: { entries: rows, pagination: paginate(query.page, query.limit, total) },
      };
    },
  );
};

export default auditRoutes;
