import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/client';

/**
 * The real app on the test database with a clock the test sets (`clock.set`, `clock.advance`),
 * so the 60-second rule, pass steps and the library's today are tested without waiting.
 */
export function useClockedApp(startMs: number) {
  const clock = {
    ms: startMs,
    now: () => clock.ms,
    set(ms: number | string) {
      clock.ms = typeof ms === 'string' ? Date.parse(ms) : ms;
    },
    advance(seconds: number) {
      clock.ms += seconds * 1000;
    },
  };
  const handle = {} as {
    app: Awaited<ReturnType<typeof buildApp>>;
    pool: ReturnType<typeof connectDatabase>['pool'];
    appSecret: string;
    clock: typeof clock;
  };
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-attendance-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '100000' });
    const database = connectDatabase(inject('databaseUrl'), 8);
    const appSecret = randomBytes(32).toString('hex');
    const app = await buildApp({ config, db: database.db, appSecret, now: clock.now });
    await app.ready();
    Object.assign(handle, { app, pool: database.pool, appSecret, clock });
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.pool?.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return handle;
}
