import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One fresh database for the API test run: on the PostgreSQL server named by
 * TEST_DATABASE_URL when set (CI uses the machine's), else on an embedded one.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-test-'));
    fs.chmodSync(tempDir, 0o755);
    embedded = await startEmbeddedPostgres(tempDir, () => undefined);
    adminUrl = embedded.connectionString;
  }

  const databaseName = `sla_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName} encoding 'UTF8' template template0`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  await runMigrations(url.toString());
  project.provide('databaseUrl', url.toString());

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${databaseName} with (force)`);
    await cleanup.end();
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
