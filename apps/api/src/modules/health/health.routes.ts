import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({ database: z.enum(['up', 'down']), uptimeSeconds: z.number() }),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const database = await app.db
        .execute(sql`select 1`)
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const up = database === 'up';
      return reply.status(up ? 200 : 503).send({
        status: up,
        message: up ? 'OK' : 'Database unreachable',
        data: { database, uptimeSeconds: Math.round(process.uptime()) },
      });
    },
  );
};

export default healthRoutes;
