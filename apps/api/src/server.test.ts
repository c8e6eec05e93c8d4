import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cleanUpProcesses, startServer, tempDataDir, waitForUrl } from './test/processes';
import { registrationBody } from './test/registration';

// The real server process, as `npm start` runs it: embedded PostgreSQL, signals, restarts.

// Servers on the test run's shared database must share its key (db/secret-guard.ts).
const SHARED_DATABASE_SECRET = 'server-test-key-for-the-shared-test-database';

async function health(url: string) {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: (await response.json()) as { status: boolean } };
}

afterAll(cleanUpProcesses);

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
    const server = startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: inject('databaseUrl'),
      APP_SECRET: SHARED_DATABASE_SECRET,
    });
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
      APP_SECRET: SHARED_DATABASE_SECRET,
      AUTH_RATE_LIMIT_MAX: '100000',
      SHUTDOWN_DELAY_MS: '0', // straight to refusing: the running requests meet it
    });
    const url = await waitForUrl(server);
    const tag = `drain-${Date.now()}`;
    // Every library of this test carries its name, so they can be counted afterwards.
    const registration = () => JSON.stringify(registrationBody({ library_name: tag }));
    // Connections are opened first, so every request below reaches the server: a connection
    // still being opened when the listener closes is reset by the kernel, which is why a
    // balancer must stop sending first (SHUTDOWN_DELAY_MS, tested below).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 80 });
    type Answer = { status: number; notStarted?: string };
    const send = (path: string, body?: string, viaAgent: http.Agent | false = agent) => {
      const request = http.request(`${url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        agent: viaAgent,
        headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': body.length },
      });
      const answer = new Promise<Answer>((resolve, reject) => {
        request.on('response', (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              notStarted: response.headers['x-request-not-started'] as string | undefined,
            }),
          );
        });
        request.on('error', reject);
      });
      return { request, answer };
    };
    const call = (path: string, body?: string, viaAgent?: http.Agent | false) => {
      const { request, answer } = send(path, body, viaAgent);
      request.end(body);
      return answer;
    };
    const label = ({ status, notStarted }: Answer) => (status === 503 ? `503 ${notStarted}` : status);
    await Promise.all(Array.from({ length: 80 }, () => call('/api/health/live')));

    // One registration is held half-sent: it has started, so the server must wait for it.
    const heldBody = registration();
    const held = send('/api/auth/register/library', heldBody);
    held.request.write(heldBody.slice(0, 40));
    // Registrations hash a password each, so many are still running when SIGTERM comes.
    const running = Array.from({ length: 60 }, () => call('/api/auth/register/library', registration()));
    await Promise.race(running);
    server.child.kill('SIGTERM');
    // Once the server refuses, requests sent on connections it already has are refused with the mark.
    let probe: Answer = { status: 200 };
    const deadline = Date.now() + 30_000;
    while (probe.notStarted !== 'true' && Date.now() < deadline)
      probe = await call('/api/health/ready', undefined, false);
    expect(probe).toEqual({ status: 503, notStarted: 'true' });
    const late = await Promise.all(
      Array.from({ length: 20 }, () => call('/api/auth/register/library', registration())),
    );
    expect(late.map(label)).toEqual(Array(20).fill('503 true'));
    expect(server.child.exitCode).toBeNull(); // still waiting for the held request
    held.request.end(heldBody.slice(40));
    expect(label(await held.answer)).toBe(201);

    // No request fails half-way: each one that had started finished.
    const statuses = (await Promise.all(running)).map(label);
    agent.destroy();
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const exitCode = await server.exited;
    if (exitCode !== 0) console.log(server.output());
    expect(exitCode).toBe(0);
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    const created = await client.query('select count(*)::int as n from libraries where name = $1', [tag]);
    await client.end();
    expect(created.rows[0].n).toBe(61); // the sixty running and the held one; none of the refused
  }, 60_000);

  it('on SIGTERM stops being ready but keeps serving for the delay; a second signal ends the wait', async () => {
    const server = startServer({
      DATA_DIR: tempDataDir(),
      DATABASE_URL: inject('databaseUrl'),
      APP_SECRET: SHARED_DATABASE_SECRET,
      AUTH_RATE_LIMIT_MAX: '100000',
      SHUTDOWN_DELAY_MS: '600000', // far longer than this test may take
    });
    const url = await waitForUrl(server);
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
    server.child.kill('SIGTERM');
    const deadline = Date.now() + 30_000;
    let ready = 200;
    while (ready === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = (await fetch(`${url}/api/health/ready`)).status;
    }
    // A load balancer checking readiness takes it out; whatever still arrives is served.
    expect(ready).toBe(503);
    expect(server.output()).toContain('SIGTERM received: not ready any more; serving 600000 ms more');
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    const served = await fetch(`${url}/api/auth/register/library`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registrationBody()),
    });
    expect(served.status).toBe(201);
    expect(server.child.exitCode).toBeNull();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped.');
  }, 60_000);

  it('refuses to start with another APP_SECRET than the one the database was written with', async () => {
    const adminUrl = new URL(inject('databaseUrl'));
    adminUrl.pathname = '/postgres';
    const name = `sla_key_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name} encoding 'UTF8' template template0`);
    try {
      const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      const first = startServer({ DATA_DIR: tempDataDir(), DATABASE_URL: databaseUrl, APP_SECRET: 'k'.repeat(40) });
      await waitForUrl(first);
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);

      // A second instance (or a lost app-secret file regenerated) with another key.
      const other = startServer({ DATA_DIR: tempDataDir(), DATABASE_URL: databaseUrl });
      expect(await other.exited).toBe(1);
      expect(other.output()).toContain('This database was written with another APP_SECRET');
      expect(other.output()).not.toContain('    at '); // the operator's message, not a stack trace

      const same = startServer({ DATA_DIR: tempDataDir(), DATABASE_URL: databaseUrl, APP_SECRET: 'k'.repeat(40) });
      await waitForUrl(same);
      same.child.kill('SIGINT');
      expect(await same.exited).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it('refuses a bad configuration and names the variable', async () => {
    const server = startServer({ DATA_DIR: tempDataDir(), PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  }, 30_000);
});
