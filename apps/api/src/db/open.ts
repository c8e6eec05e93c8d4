import type { Config } from '../config';
import { connectDatabase, type DatabaseHandle } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';
import { EmbeddedVersionError, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded';
import { superviseEmbeddedPostgres } from './embedded-supervisor';
import { runMigrations } from './migrate';
import { AppSecretMismatchError, checkAppSecret } from './secret-guard';

/** Whether `error` is one of the refusals openDatabase explains in its message (no stack trace needed). */
export function isDatabaseRefusal(error: unknown): error is Error {
  return (
    error instanceof DataDirInUseError ||
    error instanceof EmbeddedVersionError ||
    error instanceof AppSecretMismatchError
  );
}

/**
 * Takes DATA_DIR's lock and starts its embedded PostgreSQL; `release` stops it and lets
 * the lock go. The lock is let go again if the start fails.
 */
export async function startLockedEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<{ embedded: EmbeddedDatabase; release(): Promise<void> }> {
  const releaseLock = lockDataDir(dataDir);
  try {
    const embedded = await startEmbeddedPostgres(dataDir, log);
    return {
      embedded,
      release: async () => {
        await embedded.stop().catch(() => undefined);
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export interface OpenDatabase extends DatabaseHandle {
  /** The embedded server under DATA_DIR, or undefined when DATABASE_URL names the database. */
  embedded: EmbeddedDatabase | undefined;
  /** False once a lost embedded server could not be restarted (always true for DATABASE_URL's). */
  isLive(): boolean;
  /** Ends the pool, stops the embedded server and lets DATA_DIR's lock go. */
  close(): Promise<void>;
}

/**
 * The database of the server and the demo: the embedded PostgreSQL under DATA_DIR (its lock
 * taken, so one process at a time owns it), or the one DATABASE_URL names; migrated, and
 * refused when it was written with another APP_SECRET. With `onEmbeddedGiveUp`, a lost
 * embedded server is restarted (db/embedded-supervisor.ts) and that is called when it
 * cannot be. Whatever was started is stopped again if a step fails.
 */
export async function openDatabase(
  config: Config,
  appSecret: string,
  options: { log: (line: string) => void; poolMax: number; onEmbeddedGiveUp?: () => void },
): Promise<OpenDatabase> {
  let started: Awaited<ReturnType<typeof startLockedEmbeddedPostgres>> | undefined;
  let handle: DatabaseHandle | undefined;
  const close = async () => {
    await handle?.pool.end().catch(() => undefined);
    await started?.release();
  };
  try {
    let connectionString = config.databaseUrl;
    let isLive = () => true;
    if (!connectionString) {
      started = await startLockedEmbeddedPostgres(config.dataDir, options.log);
      const { onEmbeddedGiveUp } = options;
      if (onEmbeddedGiveUp) {
        const supervisor = superviseEmbeddedPostgres(started.embedded, {
          log: options.log,
          onGiveUp: onEmbeddedGiveUp,
          delaysMs: config.embeddedRestartDelaysMs,
        });
        isLive = () => supervisor.healthy();
      }
      connectionString = started.embedded.connectionString;
    }
    await runMigrations(connectionString);
    await checkAppSecret(connectionString, appSecret); // Aadhaar numbers are written with this key
    handle = connectDatabase(connectionString, options.poolMax);
    return { ...handle, embedded: started?.embedded, isLive, close };
  } catch (error) {
    await close();
    throw error;
  }
}
