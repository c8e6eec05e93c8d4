import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDataDirVersion, EMBEDDED_POSTGRES_MAJOR, EmbeddedVersionError } from './embedded';

describe('the embedded PostgreSQL version', () => {
  it('is the major version of the pinned embedded-postgres package', () => {
    const require = createRequire(import.meta.url);
    const pinned = (require('../../package.json') as { dependencies: Record<string, string> }).dependencies[
      'embedded-postgres'
    ];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/); // exact, as DESIGN.md asks
    const installed = path.join(path.dirname(require.resolve('embedded-postgres')), '..', 'package.json');
    const { version } = JSON.parse(fs.readFileSync(installed, 'utf8')) as { version: string };
    expect(version).toBe(pinned);
    expect(Number.parseInt(version, 10)).toBe(EMBEDDED_POSTGRES_MAJOR);
  });

  it('refuses a data directory made by another major version, naming both', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-pgversion-'));
    try {
      expect(() => checkDataDirVersion(dir)).not.toThrow(); // a new one is created
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), `${EMBEDDED_POSTGRES_MAJOR}\n`);
      expect(() => checkDataDirVersion(dir)).not.toThrow();
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
      expect(() => checkDataDirVersion(dir)).toThrow(EmbeddedVersionError);
      expect(() => checkDataDirVersion(dir)).toThrow(
        `made by PostgreSQL 18, but this release embeds PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
