import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, feeListQuerySchema, feeListSchema, successEnvelope } from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './fees.service';
import { ok } from '../../lib/reply';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];

const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.FeesContext = { db: app.db };

  app.get(
    '/fee',
    {
      config: allow('staff'),
      schema: {
        tags: ['fees'],
        summary: 'The fee report (search by student name or mobile; status, payment mode and date range filters)',
        security,
        querystring: feeListQuerySchema,
        response: { 200: successEnvelope(feeListSchema), ...failures },
      },
    },
    async (request) => ok(await service.listFees(context, actorOf(request), request.query)),
  );

  app.get(
    '/fee/export',
    {
      config: allow('exports'),
      schema: {
        tags: ['fees'],
        summary: 'The fee report as CSV, with the same search, filters and sort as the list',
        security,
        querystring: feeListQuerySchema,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fee-report-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(service.feesCsv(context, actor, request.query)));
    },
  );
};

export default feeRoutes;
