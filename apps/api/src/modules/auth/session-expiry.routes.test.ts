import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { buildTestApp, registerLibrary, useTestApp } from '../../test/helpers';

// The default idle window (SESSION_IDLE_MINUTES = 720) and absolute lifetime (SESSION_TTL_HOURS = 168).
const t = useTestApp();

const me = (auth: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers: auth });

/** Moves the session's clock marks into the past, as if that much time had gone by. */
async function age(adminId: string, marks: { lastSeen?: string; created?: string; expires?: string }) {
  const sets = [
    marks.lastSeen && `last_seen_at = now() - interval '${marks.lastSeen}'`,
    marks.created && `created_at = now() - interval '${marks.created}'`,
    marks.expires && `expires_at = now() - interval '${marks.expires}'`,
  ].filter(Boolean);
  await t.pool.query(`update sessions set ${sets.join(', ')} where admin_id = $1`, [adminId]);
}

async function lastSeenAgeSeconds(adminId: string) {
  const result = await t.pool.query<{ age: number }>(
    `select extract(epoch from now() - last_seen_at)::float as age from sessions where admin_id = $1`,
    [adminId],
  );
  return result.rows[0]!.age;
}

async function lastSeenAt(adminId: string) {
  const result = await t.pool.query<{ at: string }>(
    `select last_seen_at::text as at from sessions where admin_id = $1`,
    [adminId],
  );
  return result.rows[0]!.at;
}

describe('session expiry', () => {
  it('refuses a session unused for longer than the idle window', async () => {
    const { auth, session } = await registerLibrary(t.app);
    await age(session.id, { lastSeen: '12 hours 1 minute' });
    const response = await me(auth);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: false, code: 401, message: messages.auth.invalidToken });
  });

  it('keeps a session in use alive well past one idle window', async () => {
    const { auth, session } = await registerLibrary(t.app);
    // Signed in 23 hours ago, used every 11 hours 30 minutes: never idle for 12 hours.
    await age(session.id, { created: '23 hours', lastSeen: '11 hours 30 minutes' });
    expect((await me(auth)).statusCode).toBe(200);
    expect(await lastSeenAgeSeconds(session.id)).toBeLessThan(5);

    await age(session.id, { lastSeen: '11 hours 30 minutes' });
    expect((await me(auth)).statusCode).toBe(200);
    expect(await lastSeenAgeSeconds(session.id)).toBeLessThan(5);
  });

  it('still ends a session at its absolute expiry, however recently used', async () => {
    const { auth, session } = await registerLibrary(t.app);
    expect((await me(auth)).statusCode).toBe(200);
    await age(session.id, { expires: '1 second' });
    const response = await me(auth);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.auth.invalidToken);
  });

  it('writes the last-use mark at most once a minute with the default idle window', async () => {
    const { auth, session } = await registerLibrary(t.app);
    await age(session.id, { lastSeen: '30 seconds' });
    const before = await lastSeenAt(session.id);
    expect((await me(auth)).statusCode).toBe(200);
    expect((await me(auth)).statusCode).toBe(200);
    expect(await lastSeenAt(session.id)).toBe(before);

    await age(session.id, { lastSeen: '61 seconds' });
    const stale = await lastSeenAt(session.id);
    expect((await me(auth)).statusCode).toBe(200);
    expect(await lastSeenAt(session.id)).not.toBe(stale);
    expect(await lastSeenAgeSeconds(session.id)).toBeLessThan(5);
  });

  it('refuses an idle session on every guarded route, not only /auth/me', async () => {
    const { auth, session } = await registerLibrary(t.app);
    await age(session.id, { lastSeen: '13 hours' });
    const response = await t.app.inject({ url: '/api/admin/audit-log', headers: auth });
    expect(response.statusCode).toBe(401);
  });
});

describe('SESSION_IDLE_MINUTES', () => {
  it('measures a short idle window from the last use: used every 20 s, a 1-minute session lives on', async () => {
    const short = await buildTestApp({ SESSION_IDLE_MINUTES: '1' });
    try {
      const { auth, session } = await registerLibrary(short.app);
      // Each round, 20 seconds go by (every clock mark moves back), then the owner uses the session.
      for (let round = 1; round <= 6; round += 1) {
        await short.pool.query(
          `update sessions set last_seen_at = last_seen_at - interval '20 seconds',
             created_at = created_at - interval '20 seconds' where admin_id = $1`,
          [session.id],
        );
        const response = await short.app.inject({ url: '/api/auth/me', headers: auth });
        expect(response.statusCode, `after ${round * 20} s`).toBe(200);
      }
      // The mark is written once it is a tenth of the idle window (6 s) old, not before.
      await short.pool.query(`update sessions set last_seen_at = now() - interval '3 seconds' where admin_id = $1`, [
        session.id,
      ]);
      const fresh = await short.pool.query(`select last_seen_at::text as at from sessions where admin_id = $1`, [
        session.id,
      ]);
      await short.app.inject({ url: '/api/auth/me', headers: auth });
      const after = await short.pool.query(`select last_seen_at::text as at from sessions where admin_id = $1`, [
        session.id,
      ]);
      expect(after.rows[0].at).toBe(fresh.rows[0].at);
      // Then 61 seconds without use end it.
      await short.pool.query(
        `update sessions set last_seen_at = last_seen_at - interval '61 seconds' where admin_id = $1`,
        [session.id],
      );
      expect((await short.app.inject({ url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('sets the idle window', async () => {
    const short = await buildTestApp({ SESSION_IDLE_MINUTES: '5' });
    try {
      const { auth, session } = await registerLibrary(short.app);
      await short.pool.query(`update sessions set last_seen_at = now() - interval '4 minutes' where admin_id = $1`, [
        session.id,
      ]);
      expect((await short.app.inject({ url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
      await short.pool.query(`update sessions set last_seen_at = now() - interval '6 minutes' where admin_id = $1`, [
        session.id,
      ]);
      expect((await short.app.inject({ url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
