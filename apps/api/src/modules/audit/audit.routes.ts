import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListSchema, errorEnvelopeSchema, successEnvelope } from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './audit.service';
import { ok } from '../../lib/reply';

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const context: service.AuditContext = { db: app.db };

  app.get(
    '/admin/audit-log',
    {
      config: allow('manage'),
      schema: {
        tags: ['audit'],
        summary: 'Who did what: sign-ins, profile changes, deletions and identity-data views, newest first',
        security: [{ bearerAuth: [] }],
        querystring: auditListQuerySchema,
        response: { 200: successEnvelope(auditListSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.listAudit(context, actorOf(request), request.query)),
  );
};

export default auditRoutes;
