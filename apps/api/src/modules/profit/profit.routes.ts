import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, profitQuerySchema, profitSchema, successEnvelope } from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import * as service from './profit.service';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const common = { tags: ['profit'], security: [{ bearerAuth: [] }] };

/** Monthly profit (issue 14): fees collected minus expenses, in the library's time zone. */
const profitRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.ProfitContext = { db: app.db };

  app.get(
    '/profit',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary:
          'Fees collected (less refunds and void payments), expenses and profit for each of the last months (default 12, the current one last) and in all',
        querystring: profitQuerySchema,
        response: { 200: successEnvelope(profitSchema), ...failures },
      },
    },
    async (request) => ok(await service.profit(context, actorOf(request), request.query)),
  );

  app.get(
    '/profit/export',
    {
      config: allow('exports'),
      schema: {
        ...common,
        summary: 'The monthly profit as CSV, one row a month',
        querystring: profitQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to, csv } = await service.profitCsv(context, actorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="profit-${from}-to-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default profitRoutes;
