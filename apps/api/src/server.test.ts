import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The real server process, as `npm start` runs it: embedded PostgreSQL, signals, restarts.
const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-server-'));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForUrl(server: Started): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /running at (http:\/\/\S+)/.exec(server.output());
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${server.output()}`);
}

async function health(url: string) {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: (await response.json()) as { status: boolean } };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('runs on its embedded PostgreSQL, refuses a second instance, survives kill -9 and stops cleanly', async () => {
    const dataDir = tempDataDir();
    const first = startServer({ DATA_DIR: dataDir });
    const url = await waitForUrl(first);
    expect(await health(url)).toMatchObject({ status: 200, body: { status: true } });
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);

    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already running on the data directory');
    expect(await health(url)).toMatchObject({ status: 200 }); // the first one is untouched

    first.child.kill('SIGKILL');
    await first.exited;
    const restarted = startServer({ DATA_DIR: dataDir });
    const restartedUrl = await waitForUrl(restarted);
    expect(restarted.output()).toContain('left running by an earlier crash');
    expect(await health(restartedUrl)).toMatchObject({ status: 200 });

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(restarted.output()).toContain('Stopped.');
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 120_000);

  it('uses DATABASE_URL instead of starting a database', async () => {
    const dataDir = tempDataDir();
    const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: inject('databaseUrl') });
    const url = await waitForUrl(server);
    expect(await health(url)).toMatchObject({ status: 200 });
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('finishes every in-flight request when stopped under load, and refuses the rest cleanly', async () => {
    const server = startServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: inject('databaseUrl'),
      AUTH_RATE_LIMIT_MAX: '100000',
    });
    const url = await waitForUrl(server);
    const tag = `drain-${Date.now()}`;
    // Registrations hash a password each, so many are still running when SIGTERM comes.
    const requests = Array.from({ length: 60 }, (_, i) =>
      fetch(`${url}/api/auth/register/library`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          library_name: tag,
          mobile: '9876543210',
          email: `${tag}-desk-${i}@example.com`,
          first_name: 'Ravi',
          owner_mobile: '9876543211',
          owner_email: `${tag}-owner-${i}@example.com`,
          password: 'correct-horse',
        }),
      }).then((response) => response.status),
    );
    await Promise.race(requests);
    server.child.kill('SIGTERM');
    // No request fails half-way: each one finished (201) or was refused before it began (503).
    const statuses = await Promise.all(requests);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    const exitCode = await server.exited;
    if (exitCode !== 0) console.log(server.output());
    expect(exitCode).toBe(0);
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    const created = await client.query('select count(*)::int as n from libraries where name = $1', [tag]);
    await client.end();
    expect(created.rows[0].n).toBe(statuses.filter((status) => status === 201).length);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(1);
  }, 60_000);

  it('refuses a bad configuration and names the variable', async () => {
    const server = startServer({ DATA_DIR: tempDataDir(), PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  }, 30_000);
});
