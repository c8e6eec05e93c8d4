import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helpers';

// Issue 18 (docs/decisions.md "No JIT"): at scale PostgreSQL's JIT compiled the app's short
// statements for hundreds of milliseconds. The app's connections and the occupancy rebuild run without it.
const t = useTestApp();

describe('JIT', () => {
  it("is off on every connection of the app's pool, the database's own setting notwithstanding", async () => {
    const clients = await Promise.all([t.pool.connect(), t.pool.connect(), t.pool.connect()]);
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ jit: string }>(`select current_setting('jit') as jit`);
        expect(rows[0]!.jit).toBe('off');
      }
    } finally {
      for (const client of clients) client.release();
    }
    const { rows } = await t.pool.query<{ config: string[] | null }>(
      `select proconfig as config from pg_proc where proname = 'booking_occupancy_rebuild'`,
    );
    expect(rows[0]!.config).toContain('jit=off');
  });
});
