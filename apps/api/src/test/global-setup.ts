import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { copyTemplateCluster, initialiseTemplateCluster } from './cluster-template';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A DATA_DIR holding a fresh initdb cluster, for test/processes.ts to copy. */
    clusterTemplate: string;
  }
}

/** A temporary folder the postgres user can reach when the tests run as root. */
function reachableTempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/**
 * One fresh database for the API test run: on the PostgreSQL server named by
 * TEST_DATABASE_URL when set (CI uses the machine's), else on an embedded one.
 * Also builds the API bundle the process tests start (`node apps/api/dist/server.js`,
 * as `npm start` does) and initialises the cluster they copy instead of running initdb.
 */
export default async function setup(project: TestProject) {
  const template = reachableTempDir('sla-template-');
  await Promise.all([
    promisify(execFile)(process.execPath, [fileURLToPath(new URL('../../build.mjs', import.meta.url))]),
    initialiseTemplateCluster(template),
  ]);
  project.provide('clusterTemplate', template);

  const external = process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    tempDir = reachableTempDir('sla-test-');
    copyTemplateCluster(template, tempDir);
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
    fs.rmSync(template, { recursive: true, force: true });
  };
}
