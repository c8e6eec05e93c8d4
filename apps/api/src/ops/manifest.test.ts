import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, manifestSchema } from './manifest';

const manifest = (uploads: unknown) => ({
  format: BACKUP_FORMAT,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  database: {
    mode: 'embedded',
    serverVersion: '15.18',
    pgDumpVersion: 'pg_dump (PostgreSQL) 15.18',
    migrations: 3,
    rows: {},
  },
  secret: { included: true, fingerprint: 'f'.repeat(32) },
  uploads,
});

describe('backup manifest uploads', () => {
  it('reads a manifest written before S3 support as images in the archive', () => {
    expect(manifestSchema.parse(manifest({ files: 4, bytes: 1234 })).uploads).toEqual({
      location: 'local',
      files: 4,
      bytes: 1234,
    });
  });

  it('reads images left in a bucket, and refuses a bucket entry without its bucket', () => {
    const uploads = { location: 's3', bucket: 'library-images', region: 'auto', prefix: 'live/' };
    expect(manifestSchema.parse(manifest(uploads)).uploads).toEqual(uploads);
    expect(manifestSchema.safeParse(manifest({ location: 's3', region: 'auto', prefix: '' })).success).toBe(false);
    expect(manifestSchema.safeParse(manifest({ location: 'ftp', files: 1, bytes: 1 })).success).toBe(false);
  });
});
