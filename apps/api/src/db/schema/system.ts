import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row: the fingerprint of the APP_SECRET this database's Aadhaar numbers, keyed
 * hashes and signed links were made with (never the key). A server started with
 * another key is refused instead of silently failing to read them (db/secret-guard.ts).
 */
export const appSecretFingerprint = pgTable(
  'app_secret_fingerprint',
  {
    id: text('id').primaryKey().default('app-secret'),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('app_secret_fingerprint_single_row', sql`id = 'app-secret'`)],
);
