import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import pg from 'pg';
import { extract } from 'tar';
import type { Config } from '../config';
import { runMigrations } from '../db/migrate';
import { ENTRY, knownMigrationCount, manifestSchema, secretFingerprint, type BackupManifest } from './manifest';
import { findPgTool, libpqConnection, OpsError, pgToolMajor, runProgram } from './pg-tools';
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
 * transaction, then migrated to this release), the uploaded images and the
 * encryption key. Refuses while a server uses the database, when the database
 * already holds data and `replace` is false, when the backup comes from a newer
 * release, and when the server would run with a key other than the one the
 * backup's Aadhaar numbers were encrypted with.
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
    if (secret && secretFingerprint(secret) !== manifest.secret.fingerprint) {
      throw new OpsError(
        manifest.secret.included
          ? 'APP_SECRET is set to another key than the one this backup carries; unset it (or set it to the old key) to restore.'
          : 'This backup was made with APP_SECRET from the environment: set APP_SECRET to that same key to restore it.',
      );
    }
    if (!secret) {
      throw new OpsError(
        'This backup was made with APP_SECRET from the environment: set APP_SECRET to that same key to restore it.',
      );
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
      const dumpMajor = Number.parseInt(/\(PostgreSQL\)\s+(\d+)/.exec(manifest.database.pgDumpVersion)?.[1] ?? '0', 10);
      if (restoreMajor < dumpMajor) {
        throw new OpsError(
          `pg_restore ${restoreMajor} cannot read a dump made by pg_dump ${dumpMajor}: install newer client programs.`,
        );
      }
      log(`Restoring the backup of ${manifest.createdAt} into ${target.description}`);
      await replaceDatabase(target.connectionString, path.join(unpacked, ENTRY.database));
      await runMigrations(target.connectionString);
    } finally {
      await target.release();
    }

    // The database is back: now the files it refers to and the key that reads it.
    const uploads = path.join(unpacked, ENTRY.uploads);
    swapFolder(path.join(config.dataDir, 'uploads'), fs.existsSync(uploads) ? uploads : undefined);
    if (manifest.secret.included && !config.appSecret) {
      const secretFile = path.join(config.dataDir, 'app-secret');
      const next = `${secretFile}.restoring`;
      fs.copyFileSync(path.join(unpacked, ENTRY.secret), next);
      fs.chmodSync(next, 0o600);
      fs.renameSync(next, secretFile);
    }
    return { manifest };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}
