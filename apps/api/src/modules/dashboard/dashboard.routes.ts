import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DASHBOARD_PERIODS, dashboardSchema, errorEnvelopeSchema, messages, successEnvelope } from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './dashboard.service';
import { ok } from '../../lib/reply';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const context: service.DashboardContext = { db: app.db };

  app.get(
    '/dashboard/:period',
    {
      config: allow('staff'),
      schema: {
        tags: ['dashboard'],
        summary: "The library's figures for a period (fees counted by their creation time)",
        security: [{ bearerAuth: [] }],
        params: z.object({ period: z.enum(DASHBOARD_PERIODS, { error: () => messages.dashboard.unknownPeriod }) }),
        response: { 200: successEnvelope(dashboardSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.dashboard(context, actorOf(request), request.params.period)),
  );
};

export default dashboardRoutes;
