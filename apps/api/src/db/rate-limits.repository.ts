import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/*
 * Named fixed-window counters in `rate_limits`, shared by every API process (DESIGN.md §7);
 * plugins/rate-limit.ts is their only user.
 */

/** Adds one to `key` (a new window when the old one is over); answers the count and when it resets. */
export async function addHit(db: DbOrTx, key: string, windowMs: number): Promise<{ hits: number; resetAt: Date }> {
  const result = await db.execute<{ hits: number; reset_at: Date }>(sql`
    insert into rate_limits (key, hits, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning hits, reset_at`);
  const row = result.rows[0]!;
  return { hits: Number(row.hits), resetAt: new Date(row.reset_at) };
}

/** The count in `key`'s current window (0 when none). */
export async function readHits(db: DbOrTx, key: string): Promise<number> {
  const result = await db.execute<{ hits: number }>(
    sql`select hits from rate_limits where key = ${key} and reset_at > now()`,
  );
  return Number(result.rows[0]?.hits ?? 0);
}

/** Takes back one hit of `key`'s current window. */
export async function takeBackHit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key} and reset_at > now()`);
}

/** Forgets `key`'s count. */
export async function clearHits(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
