import fp from 'fastify-plugin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { sql } from 'drizzle-orm';
import { tooManyRequests } from '../errors';

export interface RateLimitRule {
  /** Names the counter, e.g. `login`. */
  name: string;
  max: number;
  windowMs: number;
}

/** Named fixed-window counters in `rate_limits`, for limits that count only some outcomes. */
export interface RateCounters {
  /** Adds one to `key` (a new window when the old one is over); answers the count and when it resets. */
  add(key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }>;
  /** The count in `key`'s current window (0 when none). */
  read(key: string): Promise<number>;
  /** Takes back one hit that turned out not to count (a pre-counted attempt that succeeded). */
  takeBack(key: string): Promise<void>;
  /** Forgets `key`'s count. */
  clear(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit(rule: RateLimitRule): preHandlerAsyncHookHandler;
    rateCounters: RateCounters;
  }
}

/** Seconds until `resetAt`, at least 1: the `Retry-After` of a 429. */
export function retryAfterSeconds(resetAt: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
}

/**
 * Fixed-window rate limiting with the counters in PostgreSQL, so every API
 * process behind a load balancer shares them (DESIGN.md §7). `rateLimit` counts
 * every attempt of an address (one upsert); `rateCounters` serve limits that count
 * only some outcomes (sign-in failures, modules/auth/login-throttle.ts).
 */
export default fp(
  async (app) => {
    const counters: RateCounters = {
      async add(key, windowMs) {
        const result = await app.db.execute<{ hits: number; reset_at: Date }>(sql`
          insert into rate_limits (key, hits, reset_at)
          values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
          on conflict (key) do update set
            hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning hits, reset_at`);
        const row = result.rows[0]!;
        return { hits: Number(row.hits), resetAt: new Date(row.reset_at) };
      },
      async read(key) {
        const result = await app.db.execute<{ hits: number }>(
          sql`select hits from rate_limits where key = ${key} and reset_at > now()`,
        );
        return Number(result.rows[0]?.hits ?? 0);
      },
      async takeBack(key) {
        await app.db.execute(
          sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key} and reset_at > now()`,
        );
      },
      async clear(key) {
        await app.db.execute(sql`delete from rate_limits where key = ${key}`);
      },
    };
    app.decorate('rateCounters', counters);

    app.decorate('rateLimit', (rule: RateLimitRule): preHandlerAsyncHookHandler => {
      return async (request, reply) => {
        const { hits, resetAt } = await counters.add(`${rule.name}:ip:${request.ip}`, rule.windowMs);
        if (hits > rule.max) {
          void reply.header('retry-after', String(retryAfterSeconds(resetAt)));
          throw tooManyRequests();
        }
      };
    });
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
