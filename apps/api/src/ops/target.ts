import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { embeddedClusterDir, runningEmbeddedConnectionString } from '../db/embedded';
import { startLockedEmbeddedPostgres } from '../db/open';
import { isProcessAlive } from '../lib/process';
import { OpsError } from './pg-tools';

/** The database a backup reads or a restore replaces, and how to let go of it. */
export interface DatabaseTarget {
  connectionString: string;
  /** Where it is, in words for the operator. */
  description: string;
  mode: 'embedded' | 'external';
  release(): Promise<void>;
}

/** The pid of a live server holding DATA_DIR's lock, if any. */
function runningServerPid(dataDir: string): number | undefined {
  const lockFile = path.join(dataDir, 'server.lock');
  if (!fs.existsSync(lockFile)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid) ? pid : undefined;
}

/**
 * DATABASE_URL's server, or the embedded one in DATA_DIR: a running app's server
 * is shared (a backup may run beside the app), otherwise this process starts it
 * and holds DATA_DIR's lock so the app cannot start meanwhile. A restore needs the
 * app stopped (`exclusive`).
 */
export async function openDatabaseTarget(
  config: Config,
  options: { exclusive: boolean; log: (line: string) => void },
): Promise<DatabaseTarget> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      connectionString: config.databaseUrl,
      description: `database ${url.pathname.slice(1)} on ${url.hostname}:${url.port || 5432}`,
      mode: 'external',
      release: async () => undefined,
    };
  }
  const pid = runningServerPid(config.dataDir);
  if (pid !== undefined) {
    if (options.exclusive) {
      throw new OpsError(
        `The server (pid ${pid}) is running on ${config.dataDir}. Stop it before restoring, then start it again after.`,
      );
    }
    const connectionString = runningEmbeddedConnectionString(config.dataDir);
    if (!connectionString)
      throw new OpsError(`The server (pid ${pid}) on ${config.dataDir} has no database running yet.`);
    return {
      connectionString,
      description: `the embedded database of the running server in ${config.dataDir}`,
      mode: 'embedded',
      release: async () => undefined,
    };
  }
  if (!options.exclusive && !fs.existsSync(path.join(embeddedClusterDir(config.dataDir), 'PG_VERSION'))) {
    throw new OpsError(`There is no database in ${config.dataDir} to back up (is DATA_DIR right?).`);
  }
  const { embedded, release } = await startLockedEmbeddedPostgres(config.dataDir, options.log);
  return {
    connectionString: embedded.connectionString,
    description: `the embedded database in ${config.dataDir}`,
    mode: 'embedded',
    release,
  };
}
