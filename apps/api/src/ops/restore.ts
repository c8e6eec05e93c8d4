import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { extract } from 'tar';
import { vapidKeyPairProblem } from '../lib/push/vapid';
import type { Config } from '../config';
import { runMigrations } from '../db/migrate';
import { createConfiguredStorage, describeStorage } from '../lib/storage/configured';
import { parseStorageKey } from '../lib/storage/keys';
import { contentTypeOfKey, type Storage } from '../lib/storage/storage';
import {
  describeBucketUploads,
  ENTRY,
  knownMigrationCount,
  manifestSchema,
  secretFingerprint,
  type BackupManifest,
} from './manifest';
import { findPgTool, libpqConnection, OpsError, parsePgToolMajor, pgToolMajor, runProgram } from './pg-tools';
import { openDatabaseTarget } from './target';

export interface RestoreOptions {
  config: Config;
  file: string;
  /** Replace a database that already holds data (the CLI's --yes). */
  replace: boolean;
  log: (line: string) => void;
}

/** Reads and checks the manifest of an unpacked backup. */
function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, ENTRY.manifest);
  if (!fs.existsSync(file) || !fs.existsSync(path.join(dir, ENTRY.database))) {
    throw new OpsError('This file is not a Study Library Admin backup (it has no manifest or no database dump).');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new OpsError('The backup manifest is not valid JSON: the file is damaged.');
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new OpsError('The backup manifest is not one this release understands.');
  return parsed.data;
}

/** The key the server will run with after the restore, checked against the backup's. */
function secretAfterRestore(config: Config, manifest: BackupManifest, unpacked: string): string | undefined {
  if (config.appSecret) return config.appSecret;
  if (manifest.secret.included) return fs.readFileSync(path.join(unpacked, ENTRY.secret), 'utf8').trim();
  const existing = path.join(config.dataDir, 'app-secret');
  return fs.existsSync(existing) ? fs.readFileSync(existing, 'utf8').trim() : undefined;
}

/** Connections to the database other than ours: a running API instance must not see its data replaced. */
async function inspectTarget(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const others = await client.query<{ count: string }>(
      'select count(*) as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const tables = await client.query<{ count: string }>(
      "select count(*) as count from pg_tables where schemaname in ('public', 'drizzle')",
    );
    const libraries = await client
      .query<{ count: string }>('select count(*) as count from libraries')
      .catch(() => ({ rows: [{ count: '0' }] }));
    const version = await client.query<{ num: string }>("select current_setting('server_version_num') as num");
    return {
      otherConnections: Number(others.rows[0]?.count ?? 0),
      tables: Number(tables.rows[0]?.count ?? 0),
      libraries: Number(libraries.rows[0]?.count ?? 0),
      serverMajor: Math.floor(Number(version.rows[0]!.num) / 10000),
    };
  } finally {
    await client.end();
  }
}

/**
 * `pg_restore` turns the archive into SQL, which psql runs in ONE transaction after
 * emptying the app's schemas. COMMIT is sent only once pg_restore has read the whole
 * archive: the database ends up exactly as the backup, or, on any error (a damaged
 * dump included), exactly as it was.
 */
async function replaceDatabase(connectionString: string, dumpFile: string) {
  const pgRestore = findPgTool('pg_restore');
  const psql = findPgTool('psql');
  const { dbnameArg, env } = libpqConnection(connectionString);
  const script = spawn(pgRestore, ['--no-owner', '--no-privileges', '--file=-', dumpFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let scriptError = '';
  script.stderr.on('data', (chunk: Buffer) => (scriptError += chunk.toString()));

  const input = new PassThrough();
  input.write(
    [
      'begin;',
      'set client_min_messages = warning;',
      'drop schema if exists drizzle cascade;',
      'drop schema if exists public cascade;',
      'create schema public;',
      '',
    ].join('\n'),
  );
  script.stdout.pipe(input, { end: false });
  const scriptDone = new Promise<number | null>((resolve) => {
    script.on('close', (code) => {
      // Without COMMIT, psql's end of input ends the session and the server rolls everything back.
      input.end(code === 0 ? '\ncommit;\n' : '\n');
      resolve(code);
    });
  });
  const applied = runProgram(psql, [dbnameArg, '--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--file=-'], {
    env,
    input,
  });
  const [code, failure] = await Promise.all([
    scriptDone,
    applied.then(
      () => undefined,
      (error: unknown) => error,
    ),
  ]);
  if (code !== 0) throw new OpsError(`pg_restore could not read the backup (exit ${code}):\n${scriptError.trim()}`);
  if (failure) throw failure;
}

/** The files of an unpacked uploads folder that are storage keys (a `.part` left by a write in progress is not). */
function storedImages(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => parseStorageKey(key) !== undefined);
}

/** Puts the images of a backup of DATA_DIR/uploads into the bucket (moving to S3), eight at a time. */
async function copyImagesToBucket(folder: string, keys: string[], storage: Storage) {
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      await storage.put(key, fs.readFileSync(path.join(folder, ...key.split('/'))), contentTypeOfKey(key));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** What happens to a backup's images under this server's storage settings, told before anything changes. */
function explainImages(config: Config, manifest: BackupManifest, log: (line: string) => void) {
  const { uploads } = manifest;
  if (uploads.location === 'local') {
    if (config.storage.kind === 's3') {
      log(
        `The ${uploads.files} images of this backup go to ${describeStorage(config.storage)}; DATA_DIR/uploads is left as it is.`,
      );
    }
    return;
  }
  const here = config.storage;
  const same = here.kind === 's3' && here.bucket === uploads.bucket && here.prefix === uploads.prefix;
  log(`The images of this backup stay in ${describeBucketUploads(uploads)} (they are not in the archive).`);
  if (!same) {
    log(
      `Warning: this server keeps images in ${describeStorage(here)}. Set the S3_* settings the backup was made with, ` +
        `or copy the objects of bucket "${uploads.bucket}"${uploads.prefix ? ` under ${uploads.prefix}` : ''} there, ` +
        'or the restored students will have no images.',
    );
  }
}

/** Puts a folder in place of another, keeping the old one until the new one is there. */
function swapFolder(current: string, replacement: string | undefined) {
  const old = `${current}.before-restore-${randomBytes(4).toString('hex')}`;
  if (fs.existsSync(current)) fs.renameSync(current, old);
  if (replacement) fs.renameSync(replacement, current);
  else fs.mkdirSync(current, { recursive: true });
  fs.rmSync(old, { recursive: true, force: true });
}

/**
 * Puts a backup made by `createBackup` back: the database (replaced in one
 * transaction, then migrated to this release), the uploaded images (into
 * DATA_DIR/uploads, or into the bucket when S3_BUCKET is set; a backup whose
 * images stayed in a bucket leaves them there) and the encryption key. Refuses
 * while a server uses the database, when the database already holds data and
 * `replace` is false, when the backup comes from a newer release, and when the
 * server would run with a key other than the one the backup's Aadhaar numbers
 * were encrypted with.
 */
export async function restoreBackup({ config, file, replace, log }: RestoreOptions) {
  const archive = path.resolve(file);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) throw new OpsError(`${archive} is not a file.`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const unpacked = path.join(config.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(unpacked, { mode: 0o700 });
  try {
    try {
      await extract({ file: archive, cwd: unpacked, strict: true, preservePaths: false });
    } catch (error) {
      throw new OpsError(`The backup could not be unpacked (${(error as Error).message}): the file is damaged.`);
    }
    const manifest = readManifest(unpacked);
    const known = knownMigrationCount();
    if (manifest.database.migrations > known) {
      throw new OpsError(
        `This backup was made by a newer release (${manifest.database.migrations} migrations; this one knows ${known}). ` +
          'Restore it with that release or a later one.',
      );
    }
    const secret = secretAfterRestore(config, manifest, unpacked);
    if (!secret || secretFingerprint(secret) !== manifest.secret.fingerprint) {
      throw new OpsError(
        manifest.secret.included
          ? 'APP_SECRET is set to another key than the one this backup carries; unset it (or set it to the old key) to restore.'
          : 'This backup was made with APP_SECRET from the environment: set APP_SECRET to that same key to restore it.',
      );
    }
    if (manifest.vapid?.included) {
      let pair: { publicKey?: unknown; privateKey?: unknown } = {};
      try {
        pair = JSON.parse(fs.readFileSync(path.join(unpacked, ENTRY.vapid), 'utf8')) as typeof pair;
      } catch {
        // Reported below.
      }
      if (vapidKeyPairProblem({ publicKey: String(pair.publicKey ?? ''), privateKey: String(pair.privateKey ?? '') })) {
        throw new OpsError('The Web Push key pair in the backup (vapid-keys.json) is damaged: the file is damaged.');
      }
    }

    const target = await openDatabaseTarget(config, { exclusive: true, log });
    try {
      const state = await inspectTarget(target.connectionString);
      if (state.otherConnections > 0) {
        throw new OpsError(
          `${state.otherConnections} other connection(s) are open to ${target.description}: stop every server using it first.`,
        );
      }
      if (state.tables > 0 && !replace) {
        throw new OpsError(
          `${target.description} already holds data (${state.libraries} libraries). Restoring replaces all of it with the ` +
            'backup: run again with --yes to go ahead.',
        );
      }
      const restoreMajor = await pgToolMajor(findPgTool('pg_restore'));
      const dumpMajor = parsePgToolMajor(manifest.database.pgDumpVersion) ?? 0;
      if (restoreMajor < dumpMajor) {
        throw new OpsError(
          `pg_restore ${restoreMajor} cannot read a dump made by pg_dump ${dumpMajor}: install newer client programs.`,
        );
      }
      // Images before rows, as the app writes them: a failed copy leaves the database as it was.
      explainImages(config, manifest, log);
      const unpackedUploads = path.join(unpacked, ENTRY.uploads);
      if (manifest.uploads.location === 'local' && config.storage.kind === 's3') {
        const keys = storedImages(unpackedUploads);
        const storage = createConfiguredStorage(config.storage);
        try {
          await copyImagesToBucket(unpackedUploads, keys, storage);
        } catch (error) {
          throw new OpsError(
            `The images could not be copied to the bucket (${(error as Error).name}: ${(error as Error).message}); ` +
              'the database was not changed.',
          );
        } finally {
          await storage.close?.();
        }
        log(`Copied ${keys.length} images to the bucket.`);
      }
      log(`Restoring the backup of ${manifest.createdAt} into ${target.description}`);
      await replaceDatabase(target.connectionString, path.join(unpacked, ENTRY.database));
      await runMigrations(target.connectionString);
    } finally {
      await target.release();
    }

    // The database is back: now the files it refers to and the key that reads it. Only a
    // backup of DATA_DIR/uploads restored to DATA_DIR/uploads replaces that folder.
    if (manifest.uploads.location === 'local' && config.storage.kind === 'local') {
      const uploads = path.join(unpacked, ENTRY.uploads);
      swapFolder(config.storage.dir, fs.existsSync(uploads) ? uploads : undefined);
    }
    if (manifest.secret.included && !config.appSecret) {
      const secretFile = path.join(config.dataDir, 'app-secret');
      const next = `${secretFile}.restoring`;
      fs.copyFileSync(path.join(unpacked, ENTRY.secret), next);
      fs.chmodSync(next, 0o600);
      fs.renameSync(next, secretFile);
    }
    // The Web Push pair, unless VAPID_* gives one: without it every phone would have to subscribe again.
    if (manifest.vapid?.included && !config.push.vapid.configured) {
      const vapidFile = path.join(config.dataDir, ENTRY.vapid);
      const next = `${vapidFile}.restoring`;
      fs.copyFileSync(path.join(unpacked, ENTRY.vapid), next);
      fs.chmodSync(next, 0o600);
      fs.renameSync(next, vapidFile);
    }
    return { manifest };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}
