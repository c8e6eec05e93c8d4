import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { isProcessAlive } from '../lib/process';
import {
  embeddedClusterDir,
  packagedPostgresDir,
  postgresAccount,
  prepareClusterParent,
  reachablePostgresDir,
  runsAsRoot,
} from './embedded-location';
import {
  describeExit,
  initialiseCluster,
  startServerProcess,
  stopServerProcess,
  type PostgresRunner,
} from './embedded-process';

export { embeddedClusterDir } from './embedded-location';

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

function readOrCreatePassword(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

export interface EmbeddedDatabase {
  connectionString: string;
  /** Where the cluster is (`DATA_DIR/pg`, or outside DATA_DIR when running as root; see embeddedClusterDir). */
  databaseDir: string;
  /** Calls `listener` each time the server ends without stop() (a crash, an OOM kill, an operator's kill). */
  onUnexpectedExit(listener: (how: string) => void): void;
  /** Starts the same cluster again, on the same port, after an unexpected exit. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the app's own PostgreSQL server with its data in `embeddedClusterDir(dataDir)`,
 * listening on loopback only, and makes sure the app database exists.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseDir = embeddedClusterDir(dataDir);
  checkDataDirVersion(databaseDir);
  const password = readOrCreatePassword(path.join(dataDir, '.pg-password'));
  await stopOrphanPostgres(databaseDir, log);

  const account = runsAsRoot() ? postgresAccount() : undefined;
  const recentOutput: string[] = [];
  const runner: PostgresRunner = {
    binDir: reachablePostgresDir(packagedPostgresDir(), account),
    account,
    onOutput: (line) => {
      recentOutput.push(line.trim());
      if (recentOutput.length > 20) recentOutput.shift();
    },
  };
  const failure = (what: string, error: unknown) =>
    new Error(`${what}: ${error instanceof Error ? error.message : String(error)}\n  ${recentOutput.join('\n  ')}`);

  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL database in ${databaseDir}`);
    if (account && databaseDir !== path.join(dataDir, 'pg')) prepareClusterParent(databaseDir, dataDir, account);
    await initialiseCluster(runner, { databaseDir, user: USER, password }).catch((error: unknown) => {
      throw failure('The embedded PostgreSQL database could not be created', error);
    });
  }

  const port = await freePort();
  let child: ChildProcess | undefined;
  let stopping = false;
  const listeners: ((how: string) => void)[] = [];
  const startChild = async () => {
    child = await startServerProcess(runner, databaseDir, port).catch((error: unknown) => {
      throw failure('The embedded PostgreSQL server did not start', error);
    });
    const started = child;
    started.once('exit', () => {
      if (!stopping && started === child) listeners.forEach((listener) => listener(describeExit(started)));
    });
    if (stopping) await stopServerProcess(started); // stop() came while it was starting
  };
  await startChild();

  const client = new pg.Client({ connectionString: embeddedConnectionString(password, port, 'postgres') });
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
    databaseDir,
    onUnexpectedExit: (listener) => listeners.push(listener),
    restart: async () => {
      if (!stopping) await startChild();
    },
    stop: async () => {
      stopping = true;
      if (child) await stopServerProcess(child);
    },
  };
}

function embeddedConnectionString(password: string, port: number, database = DATABASE_NAME) {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The connection string of the embedded server another process (a running app)
 * started on `dataDir`, read from its `postmaster.pid` (line 4 is the port);
 * undefined when no server runs there.
 */
export function runningEmbeddedConnectionString(dataDir: string): string | undefined {
  const databaseDir = embeddedClusterDir(dataDir);
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
