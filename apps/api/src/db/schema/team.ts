import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins, libraries } from './libraries';

/**
 * A "Forgot password?" link (issue 16): single use, valid 30 minutes; only the token's
 * SHA-256 is kept. Using it (or a newer request) ends it.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_admin_idx').on(table.adminId)],
);

/**
 * An invitation to the library's team (issue 16): an emailed single-use link, valid 7 days,
 * where the person sets their own password. Only the token's SHA-256 is kept; at most one
 * open invitation per email and library.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique('invitations_token_hash_unique'),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The person the invitation made, once accepted. */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_open_email_unique')
      .on(table.libraryId, sql`lower(${table.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('invitations_library_idx').on(table.libraryId, table.createdAt),
    check('invitations_role_check', sql`${table.role} in ('manager', 'desk')`),
  ],
);

/**
 * Mail waiting to go out over SMTP (issue 16), so a slow or failing mail server never holds a
 * request and a failed send is retried. The message itself (it may carry a reset or invitation
 * link) is stored encrypted with the app secret and erased once sent; the row stays as history.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id').references(() => libraries.id, { onDelete: 'cascade' }),
    /** What the mail is ('password_reset', 'invitation', ...), for the history and tests. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** AES-GCM (lib/crypto's field cipher) of the JSON { subject, text, html }; null once sent or given up. */
    message: text('message'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
    index('mail_outbox_library_idx').on(table.libraryId, table.createdAt),
    check('mail_outbox_status_check', sql`${table.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);
