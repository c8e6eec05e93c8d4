import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAnswers } from '../../db/health.repository';

const healthSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({ database: z.enum(['up', 'down']), uptimeSeconds: z.number() }),
});
const liveSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({ uptimeSeconds: z.number() }),
});

/**
 * Liveness and readiness: `/health/live` answers 200 while the process can serve
 * (restart it when this fails: its embedded database could not be brought back);
 * `/health` and `/health/ready` answer 200 only while the database is reachable and
 * the server is not shutting down (send it traffic).
 */
const healthRoutes: FastifyPluginAsyncZod<{ isLive: () => boolean }> = async (app, { isLive }) => {
  const readiness = async () => {
    const database = (await databaseAnswers(app.db)) ? ('up' as const) : ('down' as const);
    const closing = app.isStopping();
    const ready = database === 'up' && !closing;
    return {
      ready,
      body: {
        status: ready,
        message: ready ? 'OK' : closing ? 'Shutting down' : 'Database unreachable',
        data: { database, uptimeSeconds: Math.round(process.uptime()) },
      },
    };
  };

  for (const url of ['/health', '/health/ready']) {
    app.get(
      url,
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers and the server takes requests',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const { ready, body } = await readiness();
        return reply.status(ready ? 200 : 503).send(body);
      },
    );
  }

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process can serve (503: replace it)',
        response: { 200: liveSchema, 503: liveSchema },
      },
    },
    async (_request, reply) => {
      const live = isLive();
      return reply.status(live ? 200 : 503).send({
        status: live,
        message: live ? 'OK' : 'The embedded database could not be restarted',
        data: { uptimeSeconds: Math.round(process.uptime()) },
      });
    },
  );
};

export default healthRoutes;
