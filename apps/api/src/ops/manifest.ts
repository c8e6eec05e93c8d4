import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../paths';

export { secretFingerprint } from '../lib/secret';

export const BACKUP_FORMAT = 'study-library-admin-backup';

/** The files inside a backup archive. */
export const ENTRY = {
  manifest: 'manifest.json',
  database: 'database.dump',
  secret: 'app-secret',
  /** The generated Web Push key pair (issue 15), when DATA_DIR has one. */
  vapid: 'vapid-keys.json',
  uploads: 'uploads',
} as const;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    mode: z.enum(['embedded', 'external']),
    serverVersion: z.string(),
    pgDumpVersion: z.string(),
    /** How many of the app's migrations the dumped database had applied. */
    migrations: z.number().int().min(0),
    /** Row counts when the dump was taken (for the operator to compare after a restore). */
    rows: z.record(z.string(), z.number().int().min(0)),
  }),
  secret: z.object({
    /** The generated DATA_DIR/app-secret travels with the backup; an APP_SECRET from the environment does not. */
    included: z.boolean(),
    fingerprint: z.string(),
  }),
  /**
   * The generated DATA_DIR/vapid-keys.json travels too (phones subscribed with its public key);
   * a pair from VAPID_* does not. Absent in backups made before issue 15.
   */
  vapid: z.object({ included: z.boolean() }).optional(),
  uploads: z.union([
    // S3_BUCKET was set: the images stay in the bucket, which the provider's tools back up.
    z.object({
      location: z.literal('s3'),
      bucket: z.string(),
      /** The endpoint's origin, when not AWS S3 itself. */
      endpoint: z.string().optional(),
      region: z.string(),
      /** Put before every key ('' for none, else ending in '/'). */
      prefix: z.string(),
    }),
    // DATA_DIR/uploads, packed into the archive (backups written before S3 support have no `location`).
    z.object({
      location: z.literal('local').default('local'),
      files: z.number().int().min(0),
      bytes: z.number().int().min(0),
    }),
  ]),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupUploads = BackupManifest['uploads'];
type BucketUploads = Extract<BackupUploads, { location: 's3' }>;

/** Where the images of a backup made with S3_BUCKET set are, for the operator. */
export function describeBucketUploads(uploads: BucketUploads): string {
  const at = uploads.endpoint ? ` at ${uploads.endpoint}` : ` (AWS S3, ${uploads.region})`;
  return `the S3 bucket "${uploads.bucket}"${at}${uploads.prefix ? ` under ${uploads.prefix}` : ''}`;
}

/** How many migrations this release knows (the journal drizzle-kit writes). */
export function knownMigrationCount(migrationsFolder = MIGRATIONS_DIR): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** The tables whose row counts a backup records (the business data an owner would miss). */
export const COUNTED_TABLES = [
  'libraries',
  'admins',
  'students',
  'areas',
  'seats',
  'subscriptions',
  'fees',
  'subscription_charges',
  'price_list',
  'expenses',
  'recurring_expenses',
  'notifications',
];
