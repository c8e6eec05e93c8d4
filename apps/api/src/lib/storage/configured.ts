import { createLocalDiskStorage } from './local-disk';
import { createS3Storage, type S3StorageOptions } from './s3';
import type { Storage } from './storage';

/** Where uploads go, as config.ts reads it: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

export function createConfiguredStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalDiskStorage(config.dir);
}

/** One line for the start-up message and the backup's notes; never shows a credential. */
export function describeStorage(config: StorageConfig): string {
  if (config.kind === 'local') return config.dir;
  const where = config.endpoint ? ` at ${new URL(config.endpoint).origin}` : ` (AWS S3, ${config.region})`;
  const prefix = config.prefix ? `, keys under ${config.prefix}` : '';
  return `S3 bucket "${config.bucket}"${where}${prefix}`;
}
