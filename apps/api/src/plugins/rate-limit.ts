import fp from 'fastify-plugin';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import { tooManyRequests } from '../errors';

export interface RateLimitRule {
  /** Names the counter, e.g. `login`. */
  name: string;
  max: number;
  windowMs: number;
  /** Extra keys counted besides the client address, e.g. the account being signed into. */
  extraKeys?: (request: FastifyRequest) => string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit(rule: RateLimitRule): preHandlerAsyncHookHandler;
  }
}

/**
 * Fixed-window rate limiting with the counters in PostgreSQL, so every API
 * process behind a load balancer shares them (DESIGN.md §7). One upsert a key.
 */
export default fp(
  async (app) => {
    app.decorate('rateLimit', (rule: RateLimitRule): preHandlerAsyncHookHandler => {
      return async (request, reply) => {
        const keys = [
          `${rule.name}:ip:${request.ip}`,
          ...(rule.extraKeys?.(request) ?? []).map((k) => `${rule.name}:${k}`),
        ];
        for (const key of keys) {
          const result = await app.db.execute<{ hits: number; reset_at: Date }>(sql`
            insert into rate_limits (key, hits, reset_at)
            values (${key}, 1, now() + make_interval(secs => ${rule.windowMs / 1000}))
            on conflict (key) do update set
              hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
              reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
            returning hits, reset_at`);
          const row = result.rows[0];
          if (row && row.hits > rule.max) {
            const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
            void reply.header('retry-after', String(retryAfter));
            throw tooManyRequests();
          }
        }
      };
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
