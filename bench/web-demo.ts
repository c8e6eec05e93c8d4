// What the web benches (app-bundle.ts, lighthouse.ts) share: the production build served by
// apps/api/dist/server.js on a loopback port, on a throwaway database (an embedded PostgreSQL in a
// temporary DATA_DIR, or a scratch database on BENCH_DATABASE_URL's server, dropped after),
// optionally holding the demo library of scripts/demo.ts (150 students, a year of fees), and the
// session its owner signs in with.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { STORAGE_KEYS, type AdminSession } from '@app/shared';

export const say = (line = '') => process.stdout.write(`${line}\n`);

const SERVER = path.resolve('apps/api/dist/server.js');
// scripts/demo.ts's sign-in.
export const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'explore-the-demo';

export interface WebServer {
  base: string;
  /** The demo owner's session, when the demo was seeded. */
  session?: AdminSession;
  output: () => string;
  stop: () => Promise<void>;
}

async function scratchDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const external = process.env.BENCH_DATABASE_URL;
  if (!external) return { drop: async () => undefined };
  const name = `sla_web_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: external });
  await admin.connect();
  await admin.query(`create database ${name} encoding 'UTF8' template template0`);
  await admin.end();
  const url = new URL(external);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: external });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Starts the production server on `port` (after seeding the demo library when `demo` is set) and
 * returns once /api/health answers. Needs `npm run build` first.
 */
export async function startWebServer(port: number, { demo }: { demo: boolean }): Promise<WebServer> {
  const pages = ['index.html', 'landing.html', 'login.html'].map((file) => path.resolve('apps/web/dist', file));
  if (!fs.existsSync(SERVER) || !pages.every((file) => fs.existsSync(file))) {
    throw new Error('No production build: run `npm run build` first');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bench-data-'));
  // The embedded PostgreSQL may run as another user (when this runs as root) and must reach it.
  fs.chmodSync(dataDir, 0o755);
  const database = await scratchDatabase();
  // The demo and the server share DATA_DIR (the app secret, the uploads) and the database.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    AUTH_RATE_LIMIT_MAX: '1000',
    DATA_DIR: dataDir,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const cleanup = async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (demo) {
    const started = Date.now();
    say(
      `Seeding the demo library (scripts/demo.ts, ${database.url ? 'BENCH_DATABASE_URL' : 'embedded PostgreSQL'})...`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], { env, encoding: 'utf8' });
    if (run.status !== 0) {
      await cleanup();
      throw new Error(`The demo failed:\n${run.stdout}\n${run.stderr}`);
    }
    say(`  done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const child: ChildProcess = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanup();
  };
  try {
    const deadline = Date.now() + 120_000;
    let last = 'no answer';
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
      if (Date.now() > deadline) {
        throw new Error(`The server did not answer /api/health in 2 minutes (last: ${last}):\n${output}`);
      }
      try {
        const health = await fetch(`${base}/api/health`);
        if (health.ok) break;
        last = `${health.status} ${(await health.text()).slice(0, 200)}`;
      } catch (error) {
        // Not listening yet.
        last = String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    let session: AdminSession | undefined;
    if (demo) {
      const answer = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: DEMO_EMAIL, password: DEMO_PASSWORD }),
      });
      if (!answer.ok) throw new Error(`Signing in as ${DEMO_EMAIL} failed: ${answer.status} ${await answer.text()}`);
      session = ((await answer.json()) as { data: AdminSession }).data;
    }
    return { base, session, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The local storage entry the web app keeps its session in (apps/web/src/lib/session.ts). */
export const sessionStorageEntry = (session: AdminSession) => ({
  name: STORAGE_KEYS.admin,
  value: JSON.stringify(session),
});

/** The load average, for the figures' record. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
