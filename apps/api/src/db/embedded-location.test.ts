import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canReach,
  embeddedClusterDir,
  packagedPostgresDir,
  postgresAccount,
  reachablePostgresDir,
} from './embedded-location';

const asRoot = process.getuid?.() === 0;
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(mode: number, parent = os.tmpdir()) {
  const dir = fs.mkdtempSync(path.join(parent, 'sla-location-'));
  fs.chmodSync(dir, mode);
  if (parent === os.tmpdir()) made.push(dir);
  return dir;
}

describe('where the embedded cluster lives', () => {
  it.skipIf(asRoot)('is DATA_DIR/pg for a user that runs PostgreSQL itself (skipped as root)', () => {
    const dataDir = path.join(tempDir(0o700), 'data');
    expect(embeddedClusterDir(dataDir)).toBe(path.join(dataDir, 'pg'));
  });

  it.skipIf(!asRoot)('as root, is DATA_DIR/pg only where the postgres user can reach it (skipped unless root)', () => {
    const base = tempDir(0o755);
    const reachable = path.join(tempDir(0o755), 'data');
    expect(embeddedClusterDir(reachable, base)).toBe(path.join(reachable, 'pg'));

    const locked = path.join(tempDir(0o755), 'home', 'data');
    fs.mkdirSync(locked, { recursive: true });
    fs.chmodSync(path.dirname(locked), 0o700);
    const outside = embeddedClusterDir(locked, base);
    expect(outside).toMatch(new RegExp(`^${base}/[0-9a-f]{16}/pg$`));
    expect(embeddedClusterDir(locked, base)).toBe(outside); // the same place every time

    // A cluster already in DATA_DIR/pg (an earlier release) stays where it is.
    fs.mkdirSync(path.join(locked, 'pg'));
    fs.writeFileSync(path.join(locked, 'pg', 'PG_VERSION'), '15\n');
    expect(embeddedClusterDir(locked, base)).toBe(path.join(locked, 'pg'));
  });

  it.skipIf(!asRoot)(
    'as root, copies the PostgreSQL programs where the postgres user can run them when it cannot reach the checkout (skipped unless root)',
    () => {
      const account = postgresAccount();
      const packaged = packagedPostgresDir();
      expect(reachablePostgresDir(packaged, account, '/nonexistent')).toBe(packaged); // reachable: used in place

      // The package seen through a folder only root can enter, as in a checkout under /root.
      const home = tempDir(0o700);
      fs.symlinkSync(path.dirname(packaged), path.join(home, 'package'));
      const hidden = path.join(home, 'package', 'native');
      expect(canReach(account, path.join(hidden, 'bin', 'postgres'))).toBe(false);

      const base = path.join(tempDir(0o755), 'study-library');
      const copy = reachablePostgresDir(hidden, account, base);
      expect(copy.startsWith(`${base}/postgresql-`)).toBe(true);
      const version = spawnSync(path.join(copy, 'bin', 'postgres'), ['--version'], {
        uid: account.uid,
        gid: account.gid,
        encoding: 'utf8',
      });
      expect(version.stdout).toContain('PostgreSQL) 15.');
      expect(reachablePostgresDir(hidden, account, base)).toBe(copy); // copied once
    },
  );
});
