import path from 'node:path';
import v8 from 'node:v8';
import { buildApp, LOG_REDACT } from './app';
import { ConfigError, loadConfig } from './config';
import { isDatabaseRefusal, openDatabase, type OpenDatabase } from './db/open';
import { resolveAppSecret } from './lib/secret';
import { describeStorage } from './lib/storage/configured';
import { httpsServer } from './tls';
import { LOG_SERIALIZERS } from './lib/log-serializers';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * How far V8 lets the old generation grow past what survived its last full collection before
 * collecting again: 50 % (1.5 times the survivors). Left to itself V8 picks up to 300 % when
 * allocation is fast, so under the SaaS bench's mix this server's resident memory went from
 * about 130 MB idle to 200–270 MB (325 MB before the rarely used libraries were loaded on first
 * use), nearly all of it garbage waiting for the next full collection. On bench/saas's database
 * one process peaked at 192 MB with 50 % and at 221 MB with 25 % (two processes: 203/207 and
 * 203/204 MB); runs differ by about 15 MB, so 25 % bought nothing measurable for more frequent
 * full collections (docs/performance.md, "Memory and start"). V8 reads the setting at every full
 * collection, so it applies from here on; `--heap-growing-percent` given to node (on its command
 * line or in NODE_OPTIONS) is kept instead.
 */
const HEAP_GROWING_PERCENT = 50;

function limitHeapGrowth() {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((option) => /^--heap[-_]growing[-_]percent\b/.test(option))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** Starts the database (embedded unless DATABASE_URL is set), migrates, and listens. */
async function main() {
  limitHeapGrowth();
  const config = loadConfig();
  const appSecret = resolveAppSecret(config.appSecret, config.dataDir);
  // Read before the database starts, so a wrong certificate path stops the start at once.
  const secure = config.tls ? httpsServer(config.tls) : undefined;

  let opening: Promise<OpenDatabase | undefined> | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  // Everything started so far is stopped in reverse order, whether on a signal or a failed start.
  const stopAll = async () => {
    if (app) {
      // The requests already running must finish before the database goes away under them.
      await app.beginShutdown();
      await app.close(); // stops listening
    }
    // A database still opening is closed once it is open (or has closed itself on a failure).
    await (await opening)?.close();
  };

  // SIGTERM (a process manager, a rolling deploy): first stop being ready and keep serving
  // for SHUTDOWN_DELAY_MS, so a load balancer that checks /api/health/ready sends its
  // traffic elsewhere; then refuse new requests, finish the running ones, and stop.
  // Ctrl-C (SIGINT) has no balancer to wait for, and a second signal ends the wait.
  // A lost embedded database stops the same way, with exit code 1 for a supervisor to see.
  let stopping = false;
  let endDelay: (() => void) | undefined;
  const stop = (why: string, delayMs: number, exitCode: number) => {
    if (stopping) {
      endDelay?.();
      return;
    }
    stopping = true;
    app?.beginDrain();
    say(
      delayMs > 0
        ? `${why}: not ready any more; serving ${delayMs} ms more, then finishing open requests and stopping...`
        : `${why}: finishing open requests and stopping...`,
    );
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delayMs);
      endDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    })
      .then(() => {
        const force = setTimeout(() => {
          process.stderr.write('Shutdown took over 20 s; exiting anyway.\n');
          process.exit(1);
        }, 20_000);
        force.unref();
        return stopAll();
      })
      .then(() => {
        say('Stopped.');
        process.exit(exitCode);
      })
      .catch((error: unknown) => {
        process.stderr.write(`Error while stopping: ${String(error)}\n`);
        process.exit(1);
      });
  };
  const onSignal = (signal: NodeJS.Signals) =>
    stop(`${signal} received`, app && signal === 'SIGTERM' ? config.shutdownDelayMs : 0, 0);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let database: OpenDatabase;
  try {
    const opened = openDatabase(config, appSecret, {
      log: say,
      poolMax: config.dbPoolMax,
      // Liveness fails from now on (an orchestrator replaces the process), and it stops.
      onEmbeddedGiveUp: () => stop('The embedded PostgreSQL server could not be restarted', config.shutdownDelayMs, 1),
    });
    opening = opened.catch(() => undefined); // a failed open has closed what it started
    database = await opened;
    app = await buildApp({
      config,
      db: database.db,
      appSecret,
      logger: { level: config.logLevel, redact: LOG_REDACT, serializers: LOG_SERIALIZERS },
      isLive: database.isLive,
      serverFactory: secure?.serverFactory,
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await stopAll();
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`Study Library Admin is running at ${secure ? 'https' : 'http'}://${config.host}:${port}`);
  // systemd's `reload` (and certbot's deploy hook) send SIGHUP: serve the renewed certificate.
  process.on('SIGHUP', () => {
    if (!secure) {
      say('SIGHUP received: nothing to reload (no TLS_CERT_FILE).');
      return;
    }
    try {
      secure.reload();
      say('SIGHUP received: serving the certificate in TLS_CERT_FILE as it is now.');
    } catch (error) {
      process.stderr.write(`SIGHUP: kept the certificate in use. ${(error as Error).message}\n`);
    }
  });

  const { embedded } = database;
  say(embedded ? `Data directory: ${config.dataDir}` : 'Database: the PostgreSQL server named by DATABASE_URL');
  if (embedded && path.dirname(embedded.databaseDir) !== path.resolve(config.dataDir)) {
    // Running as root with a DATA_DIR the postgres user cannot reach (db/embedded-location.ts).
    say(`Embedded database: ${embedded.databaseDir} (the postgres user it runs as cannot reach DATA_DIR)`);
  }
  say(`Uploaded images: ${describeStorage(config.storage)}`);
  if (!embedded && !config.appSecret) {
    // Other servers may share this database: a key generated into this DATA_DIR is this one's alone.
    process.stderr.write(
      'Warning: APP_SECRET is not set, so this server uses the key in DATA_DIR/app-secret. Every server on ' +
        'this database needs the same key (set the same APP_SECRET on each), or Aadhaar numbers, file links ' +
        'and pairing codes written by one cannot be read by another (docs/scaling.md).\n',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || isDatabaseRefusal(error)) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
