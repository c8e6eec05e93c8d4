import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { create } from 'tar';
import type { Config } from '../config';
import { VAPID_KEY_FILE } from '../lib/push/vapid';
import { resolveAppSecret } from '../lib/secret';
import {
  BACKUP_FORMAT,
  COUNTED_TABLES,
  ENTRY,
  secretFingerprint,
  type BackupManifest,
  type BackupUploads,
} from './manifest';
import { findPgTool, libpqConnection, OpsError, pgToolMajor, runProgram } from './pg-tools';
import { openDatabaseTarget } from './target';

export interface BackupOptions {
  config: Config;
  /** The archive to write; a folder or an unset value picks a dated name. */
  out?: string;
  log: (line: string) => void;
  now?: Date;
}

const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Files and bytes under a folder (the uploaded images). */
export function folderSize(root: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(root)) return { files, bytes };
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** What the database says about itself for the manifest. */
async function describeDatabase(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const version = await client.query<{ server_version: string; server_version_num: string }>(
      "select current_setting('server_version') as server_version, current_setting('server_version_num') as server_version_num",
    );
    const migrations = await client
      .query<{ count: string }>(`select count(*) as count from drizzle."__drizzle_migrations"`)
      .catch(() => {
        throw new OpsError('This database holds no Study Library Admin data (its migrations table is missing).');
      });
    const rows: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const result = await client
        .query<{ count: string }>(`select count(*) as count from "${table}"`)
        .catch(() => undefined);
      if (result) rows[table] = Number(result.rows[0]?.count ?? 0);
    }
    return {
      serverVersion: version.rows[0]!.server_version,
      serverMajor: Math.floor(Number(version.rows[0]!.server_version_num) / 10000),
      migrations: Number(migrations.rows[0]?.count ?? 0),
      rows,
    };
  } finally {
    await client.end();
  }
}

/**
 * Writes one archive holding everything a library needs back after losing the
 * machine: the database in pg_dump's custom format, the uploaded identity images
 * (when they are in DATA_DIR/uploads; with S3_BUCKET set the manifest names the
 * bucket instead), and the generated key that encrypts Aadhaar numbers (unless
 * APP_SECRET comes from the environment). The archive appears only once complete,
 * readable by its owner only.
 */
export async function createBackup({ config, out, log, now = new Date() }: BackupOptions) {
  const pgDump = findPgTool('pg_dump');
  const dumpMajor = await pgToolMajor(pgDump);
  const defaultName = `study-library-${stamp(now)}.tar`;
  const wantsFolder = out === undefined || /[\\/]$/.test(out) || (fs.existsSync(out) && fs.statSync(out).isDirectory());
  const file = path.resolve(wantsFolder ? path.join(out ?? 'backups', defaultName) : out);
  if (fs.existsSync(file)) throw new OpsError(`${file} already exists; choose another name.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });

  const target = await openDatabaseTarget(config, { exclusive: false, log });
  const staging = path.join(path.dirname(file), `.backup-${randomBytes(6).toString('hex')}`);
  const partial = `${file}.partial`;
  try {
    log(`Backing up ${target.description}`);
    const database = await describeDatabase(target.connectionString);
    if (dumpMajor < database.serverMajor) {
      throw new OpsError(
        `${pgDump} is version ${dumpMajor} but the database server is ${database.serverVersion}: ` +
          `pg_dump must be at least as new as the server. Install PostgreSQL ${database.serverMajor} client programs ` +
          'or set PG_BIN_DIR to them.',
      );
    }
    fs.mkdirSync(staging, { mode: 0o700 });
    const { dbnameArg, env } = libpqConnection(target.connectionString);
    await runProgram(
      pgDump,
      [dbnameArg, '--format=custom', '--compress=6', `--file=${path.join(staging, ENTRY.database)}`],
      { env },
    );
    const pgDumpVersion = (await runProgram(pgDump, ['--version'])).stdout.trim();

    const entries: string[] = [ENTRY.manifest, ENTRY.database];
    const secret = resolveAppSecret(config.appSecret, config.dataDir);
    const secretIncluded = !config.appSecret;
    if (secretIncluded) {
      fs.writeFileSync(path.join(staging, ENTRY.secret), secret, { mode: 0o600 });
      entries.push(ENTRY.secret);
    }
    // The Web Push pair the phones subscribed with, when it was generated here (not given in the environment).
    const vapidFile = path.join(config.dataDir, VAPID_KEY_FILE);
    const vapidIncluded = !config.push.vapid.configured && fs.existsSync(vapidFile);
    if (vapidIncluded) {
      fs.copyFileSync(vapidFile, path.join(staging, ENTRY.vapid));
      fs.chmodSync(path.join(staging, ENTRY.vapid), 0o600);
      entries.push(ENTRY.vapid);
    }
    // The images are copied after the dump: one uploaded meanwhile is an unused file,
    // never a student row without its image (images are written before their rows).
    // Images in a bucket are not copied: the bucket is backed up with the provider's tools.
    let uploads: BackupUploads;
    if (config.storage.kind === 's3') {
      const { bucket, endpoint, region, prefix } = config.storage;
      uploads = { location: 's3', bucket, endpoint: endpoint && new URL(endpoint).origin, region, prefix };
    } else {
      const uploadsDir = config.storage.dir;
      uploads = { location: 'local', ...folderSize(uploadsDir) };
      if (uploads.files > 0) {
        fs.symlinkSync(uploadsDir, path.join(staging, ENTRY.uploads));
        entries.push(ENTRY.uploads);
      }
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      database: {
        mode: target.mode,
        serverVersion: database.serverVersion,
        pgDumpVersion,
        migrations: database.migrations,
        rows: database.rows,
      },
      secret: { included: secretIncluded, fingerprint: secretFingerprint(secret) },
      vapid: { included: vapidIncluded },
      uploads,
    };
    fs.writeFileSync(path.join(staging, ENTRY.manifest), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    // `follow` packs the images the uploads link points at; the archive is private
    // because it holds identity documents and the encryption key.
    await create({ file: partial, cwd: staging, follow: true, portable: true, mode: 0o600 }, entries);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return { file, manifest, bytes: fs.statSync(file).size };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
    await target.release();
  }
}
