// What the API benchmarks share: a scratch database (a throwaway embedded PostgreSQL, or a
// scratch database on BENCH_DATABASE_URL's server, dropped after), the real app listening
// on a loopback port, and a newly registered library with its session.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase } from '../apps/api/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';

export const say = (line = '') => process.stdout.write(`${line}\n`);

async function openDatabase(scratch: string) {
  const external = process.env.BENCH_DATABASE_URL;
  if (!external) {
    const embedded = await startEmbeddedPostgres(scratch, () => undefined);
    return { url: embedded.connectionString, embedded, drop: async () => undefined };
  }
  const name = `sla_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: external });
  await admin.connect();
  await admin.query(`create database ${name} encoding 'UTF8' template template0`);
  await admin.end();
  const url = new URL(external);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: undefined as EmbeddedDatabase | undefined,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: external });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface BenchServer {
  /** `http://127.0.0.1:<port>`. */
  address: string;
  pool: pg.Pool;
  libraryId: string;
  /** The library owner's bearer header. */
  headers: Record<string, string>;
  /** Whether the database is a throwaway embedded one. */
  embedded: boolean;
  /** The app secret the server signs with (the check-in bench makes entry passes with it). */
  appSecret: string;
}

/**
 * Runs `bench` against the app on a loopback port with a newly registered library, on a
 * scratch database that is dropped afterwards, whatever happens.
 */
export async function withBenchServer(bench: (server: BenchServer) => Promise<void>): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-bench-'));
  fs.chmodSync(scratch, 0o755);
  const database = await openDatabase(scratch);
  const handle = connectDatabase(database.url, 20);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database.url);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: scratch,
      DB_POOL_MAX: '20',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    const appSecret = randomBytes(32).toString('hex');
    app = await buildApp({ config, db: handle.db, appSecret });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const registration = await fetch(`${address}/api/auth/register/library`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        library_name: 'Bench Library',
        mobile: '9876543210',
        email: 'desk@bench.example',
        address: 'Bench Road',
        first_name: 'Bench',
        owner_mobile: '9123456780',
        owner_email: `owner-${randomBytes(3).toString('hex')}@bench.example`,
        password: 'bench-password',
      }),
    });
    const session = (await registration.json()) as { data: { token: string; library: { id: string } } };
    await bench({
      address,
      pool: handle.pool,
      libraryId: session.data.library.id,
      headers: { authorization: `Bearer ${session.data.token}` },
      embedded: Boolean(database.embedded),
      appSecret,
    });
  } finally {
    await app?.close();
    await handle.pool.end();
    await database.embedded?.stop();
    await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Prints the load the figures were measured under, and the machine, Node and PostgreSQL. */
export async function sayMachine(server: BenchServer): Promise<void> {
  say(
    `Load average during the run: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}`,
  );
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const { rows } = await server.pool.query<{ server_version: string }>('show server_version');
  say(
    `\nMachine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, PostgreSQL ${rows[0]?.server_version}${server.embedded ? ' (embedded)' : ''}`,
  );
}
