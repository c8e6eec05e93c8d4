import fp from 'fastify-plugin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { addHit, clearHits, readHits, takeBackHit } from '../db/rate-limits.repository';
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
      add: (key, windowMs) => addHit(app.db, key, windowMs),
      read: (key) => readHits(app.db, key),
      takeBack: (key) => takeBackHit(app.db, key),
      clear: (key) => clearHits(app.db, key),
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
