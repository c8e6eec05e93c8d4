import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AdminSession, RegistrationInput } from '@app/shared';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { registrationBody } from './registration';

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Builds the real app against the test database; env overrides tune limits. */
export async function buildTestApp(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-api-'));
  // Every test file shares one database and calls from 127.0.0.1: limits that count by address are
  // raised (a test of a limit sets its own, and calls from its own remoteAddress).
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_MAX: '100000',
    RECEIPT_LINK_RATE_LIMIT_MAX: '100000',
    // Failed student-app sign-ins and device pairings (the fuzzer sends many) count per address too.
    DEVICE_RATE_LIMIT_MAX: '100000',
    ...env,
  });
  const database = connectDatabase(inject('databaseUrl'), 5);
  const app = await buildApp({ config, db: database.db, appSecret: randomBytes(32).toString('hex') });
  await app.ready();
  return {
    app,
    pool: database.pool,
    async close() {
      await app.close();
      await database.pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for a test file: built before its tests, closed after them. The answer is
 * filled in by the time a test (or a later beforeAll) runs.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const testApp = {} as TestApp;
  beforeAll(async () => {
    Object.assign(testApp, await buildTestApp(env));
  });
  afterAll(async () => {
    await testApp.close?.();
  });
  return testApp;
}

export const unique = () => randomBytes(5).toString('hex');

export { registrationBody };

/** Registers a library through the API and answers its signed-in session. */
export async function registerLibrary(app: TestApp['app'], overrides: Partial<RegistrationInput> = {}) {
  const body = registrationBody(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/register/library', payload: body });
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  const session = response.json<{ data: AdminSession }>().data;
  return { session, body, auth: { authorization: `Bearer ${session.token}` } };
}

/** Changes the signed-in owner's password through the profile form; answers the response. */
export function changePassword(
  app: TestApp['app'],
  auth: Record<string, string>,
  owner: { email: string; currentPassword: string; password: string },
) {
  return app.inject({
    method: 'PUT',
    url: '/api/admin/update-admin-profile',
    headers: auth,
    payload: { name: 'Ravi', phone: '9123456780', ...owner },
  });
}

/**
 * Runs `rounds` transactions at once, each on a connection of its own: `write(client, i)`, then a
 * rollback for every fourth (i = 0, 4, 8...) and a commit for the others. A write that throws is
 * rolled back; with `errorsExpected` (random writes that may meet each other, e.g. two deletes of
 * one row) the others go on, else the test fails with it. For the kept counts and balances,
 * which must equal a recount whatever commits and whatever does not.
 */
export async function inParallelTransactions(
  pool: pg.Pool,
  rounds: number,
  write: (client: pg.PoolClient, i: number) => Promise<void>,
  options: { errorsExpected?: boolean } = {},
) {
  const round = async (i: number) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await write(client, i);
      await client.query(i % 4 === 0 ? 'rollback' : 'commit');
    } catch (error) {
      await client.query('rollback');
      if (!options.errorsExpected) throw error;
    } finally {
      client.release();
    }
  };
  await Promise.all(Array.from({ length: rounds }, (_, i) => round(i)));
}
