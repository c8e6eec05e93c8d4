import type { Config } from '../../apps/api/src/config';
import { connectDatabase, type DatabaseHandle } from '../../apps/api/src/db/client';
import { lockDataDir } from '../../apps/api/src/db/data-dir-lock';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../apps/api/src/db/embedded';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { checkAppSecret } from '../../apps/api/src/db/secret-guard';

export interface DemoDatabase extends DatabaseHandle {
  /** Where the demo went: the data directory, or the server of DATABASE_URL. */
  where: string;
  close(): Promise<void>;
}

/**
 * The database the server would use, opened the way `server.ts` opens it: the
 * embedded PostgreSQL under DATA_DIR (refused while a server runs on it), or the
 * one DATABASE_URL names. Migrations are applied, as at a server start.
 */
export async function openDemoDatabase(
  config: Config,
  appSecret: string,
  say: (line: string) => void,
): Promise<DemoDatabase> {
  let releaseLock: (() => void) | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  const close = async () => {
    await handle?.pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    releaseLock?.();
  };
  try {
    let connectionString = config.databaseUrl;
    if (!connectionString) {
      releaseLock = lockDataDir(config.dataDir);
      embedded = await startEmbeddedPostgres(config.dataDir, say);
      connectionString = embedded.connectionString;
    }
    await runMigrations(connectionString);
    await checkAppSecret(connectionString, appSecret); // the demo writes Aadhaar numbers with this key
    handle = connectDatabase(connectionString, 5);
    const where = embedded
      ? `the embedded database in ${config.dataDir}`
      : 'the PostgreSQL server named by DATABASE_URL';
    return { ...handle, where, close };
  } catch (error) {
    await close();
    throw error;
  }
}
