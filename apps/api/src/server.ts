import { buildApp, LOG_REDACT } from './app';
import { ConfigError, loadConfig } from './config';
import { connectDatabase, type DatabaseHandle } from './db/client';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock';
import { EmbeddedVersionError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';
import { resolveAppSecret } from './lib/secret';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Starts the database (embedded unless DATABASE_URL is set), migrates, and listens. */
async function main() {
  const config = loadConfig();
  const appSecret = resolveAppSecret(config.appSecret, config.dataDir);

  let releaseLock: (() => void) | undefined;
  let embedded: EmbeddedDatabase | undefined;
  let database: DatabaseHandle | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  // Everything started so far is stopped in reverse order, whether on a signal or a failed start.
  const stopAll = async () => {
    if (app) {
      // The requests already running must finish before the database goes away under them.
      await app.beginShutdown();
      await app.close(); // stops listening
    }
    await database?.pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    releaseLock?.();
  };

  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: finishing open requests and stopping...`);
    const force = setTimeout(() => {
      process.stderr.write('Shutdown took over 20 s; exiting anyway.\n');
      process.exit(1);
    }, 20_000);
    force.unref();
    stopAll()
      .then(() => {
        say('Stopped.');
        process.exit(0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`Error while stopping: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    let connectionString = config.databaseUrl;
    if (!connectionString) {
      releaseLock = lockDataDir(config.dataDir);
      embedded = await startEmbeddedPostgres(config.dataDir, say);
      connectionString = embedded.connectionString;
    }
    await runMigrations(connectionString);
    database = connectDatabase(connectionString, config.dbPoolMax);
    app = await buildApp({
      config,
      db: database.db,
      appSecret,
      logger: { level: config.logLevel, redact: LOG_REDACT },
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await stopAll();
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`Study Library Admin is running at http://${config.host}:${port}`);
  say(embedded ? `Data directory: ${config.dataDir}` : 'Database: the PostgreSQL server named by DATABASE_URL');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof EmbeddedVersionError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
