import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { tooManyRequests } from '../../errors';
import { retryAfterSeconds } from '../../plugins/rate-limit';

export interface LoginThrottleOptions {
  /** Failed sign-ins one address may make per window (AUTH_RATE_LIMIT_MAX). */
  max: number;
  windowMs: number;
  /** The longest an attempt on a much-failed account waits before its password is checked. */
  slowdownMaxMs: number;
}

/** Failures an account may have in a window before attempts on it are slowed. */
const FREE_ACCOUNT_FAILURES = 3;
const FIRST_DELAY_MS = 250;

/**
 * How long an attempt on an account waits, given the account's failures in the window from
 * every address: none for the first three, then 250 ms doubling with each failure, capped.
 * A delay, not a wall: the right password is always checked and always works.
 */
function accountDelayMs(failures: number, capMs: number): number {
  if (failures <= FREE_ACCOUNT_FAILURES) return 0;
  return Math.min(capMs, FIRST_DELAY_MS * 2 ** (failures - FREE_ACCOUNT_FAILURES - 1));
}

const addressKey = (request: FastifyRequest) => `login:ip:${request.ip}`;
const accountKey = (identifier: string) => `login:account:${identifier}`;

/**
 * Sign-in throttling (docs/decisions.md, Sign-in throttling). Only failures count. Each
 * address has a wall: after `max` failures it gets 429 until the window ends. Each account
 * (the email tried) has a growing delay instead, so failures from other addresses can slow
 * the owner's sign-in by at most `slowdownMaxMs`, never refuse it. A success forgets the
 * account's failures.
 */
export function createLoginThrottle(app: FastifyInstance, options: LoginThrottleOptions) {
  const counters = app.rateCounters;
  return {
    /**
     * Counts the attempt against its address before anything else (so concurrent attempts
     * cannot slip past the wall); a successful one is taken back by `succeeded`.
     */
    addressGate: (async (request, reply) => {
      const { hits, resetAt } = await counters.add(addressKey(request), options.windowMs);
      if (hits > options.max) {
        void reply.header('retry-after', String(retryAfterSeconds(resetAt)));
        throw tooManyRequests();
      }
    }) satisfies preValidationAsyncHookHandler,

    /** Waits as long as the account's failures ask, before its password is checked. */
    async slowDown(identifier: string) {
      const delay = accountDelayMs(await counters.read(accountKey(identifier)), options.slowdownMaxMs);
      if (delay > 0) await sleep(delay);
    },

    async failed(identifier: string) {
      await counters.add(accountKey(identifier), options.windowMs);
    },

    async succeeded(request: FastifyRequest, identifier: string) {
      await counters.takeBack(addressKey(request));
      await counters.clear(accountKey(identifier));
    },
  };
}
