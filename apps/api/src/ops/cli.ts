import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { EmbeddedVersionError } from '../db/embedded';
import { createBackup } from './backup';
import { describeBucketUploads, type BackupManifest } from './manifest';
import { OpsError } from './pg-tools';
import { restoreBackup } from './restore';
import { printResetLink } from './reset-password';

const USAGE = `Usage:
  npm run backup [-- --out <file or folder>]   write a backup archive (default: ./backups/study-library-<time>.tar)
  npm run restore -- <file> [--yes]           put a backup back (--yes replaces a database that holds data)
  npm run reset-password -- <email>           print a one-time link (30 minutes) to set a new password

All use DATA_DIR (embedded database) or DATABASE_URL (external server), as the server does;
backup and restore also the PostgreSQL client programs pg_dump, pg_restore and psql (PATH, or PG_BIN_DIR).`;

const say = (line: string) => process.stdout.write(`${line}\n`);
const rowSummary = (manifest: BackupManifest) =>
  Object.entries(manifest.database.rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, yes: { type: 'boolean', default: false }, help: { type: 'boolean' } },
  });
  if (values.help || (command !== 'backup' && command !== 'restore' && command !== 'reset-password')) {
    say(USAGE);
    return command === undefined || values.help ? 0 : 2;
  }
  const config = loadConfig();
  if (command === 'reset-password') {
    if (positionals.length !== 1) throw new OpsError(`Name the account's email.\n\n${USAGE}`);
    await printResetLink({ config, email: positionals[0]!, log: say });
    return 0;
  }
  if (command === 'backup') {
    if (positionals.length > 0)
      throw new OpsError(`Unexpected argument ${positionals[0]}; use --out <file>.\n\n${USAGE}`);
    const { file, manifest, bytes } = await createBackup({ config, out: values.out, log: say });
    const rows = rowSummary(manifest);
    say(`Backup written: ${file} (${kb(bytes)})`);
    say(`  rows: ${rows}`);
    if (manifest.uploads.location === 'local') {
      say(`  uploaded images: ${manifest.uploads.files} (${kb(manifest.uploads.bytes)})`);
    } else {
      say(`  uploaded images: in ${describeBucketUploads(manifest.uploads)}, not in this archive.`);
      say("  Back the bucket up with the provider's own tools (versioning, replication or a scheduled copy).");
    }
    say(
      manifest.secret.included
        ? '  It holds identity documents and the encryption key: keep it private, and keep a copy off this machine.'
        : '  It holds identity documents; the APP_SECRET it needs is not in it: keep that key safe too.',
    );
    return 0;
  }
  if (positionals.length !== 1) throw new OpsError(`Name the backup file to restore.\n\n${USAGE}`);
  const { manifest } = await restoreBackup({ config, file: positionals[0]!, replace: values.yes, log: say });
  const rows = rowSummary(manifest);
  const images =
    manifest.uploads.location === 'local'
      ? `${manifest.uploads.files} images`
      : `images left in bucket "${manifest.uploads.bucket}"`;
  say(`Restored the backup of ${manifest.createdAt} (${rows}; ${images}).`);
  say('Start the server as usual.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof OpsError ||
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      error instanceof EmbeddedVersionError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
    process.stderr.write(
      known
        ? `${(error as Error).message}\n`
        : `Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
