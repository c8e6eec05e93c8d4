import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_POSTGRES_MAJOR } from '../db/embedded';
import { findPgTool, libpqConnection, OpsError, parsePgToolMajor } from './pg-tools';

describe('the PostgreSQL client programs', () => {
  it('names what to install when pg_dump cannot be found', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-pgbin-'));
    try {
      expect(() => findPgTool('pg_dump', { PG_BIN_DIR: empty })).toThrow(OpsError);
      expect(() => findPgTool('pg_dump', { PG_BIN_DIR: empty })).toThrow(
        `pg_dump was not found in PG_BIN_DIR (${empty}). Install the PostgreSQL client programs, version ${EMBEDDED_POSTGRES_MAJOR} or newer`,
      );
      expect(() => findPgTool('psql', { PATH: empty })).toThrow('psql was not found on the PATH');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reads the major version of a --version line', () => {
    expect(parsePgToolMajor('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(parsePgToolMajor('pg_restore (PostgreSQL) 18.1')).toBe(18);
    expect(parsePgToolMajor('something else')).toBeUndefined();
  });

  it('keeps the password off the command line', () => {
    const { dbnameArg, env } = libpqConnection('postgres://owner:s%40cret@db.example:5433/library', {});
    expect(dbnameArg).toBe('--dbname=postgres://owner@db.example:5433/library');
    expect(env.PGPASSWORD).toBe('s@cret');
  });
});
