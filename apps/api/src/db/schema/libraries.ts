import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const libraries = pgTable('libraries', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  mobile: text('mobile').notNull(),
  email: text('email').notNull(),
  address: text('address'),
  timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique('admins_email_unique'),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    profileImage: text('profile_image'),
    /** Issue 16: owner (everything), manager (all but the team and settings) or desk (the counter's work). */
    role: text('role').notNull().default('owner'),
    /** Issue 16: a deactivated person cannot sign in; their sessions ended when it was set. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Issue 16: added with a one-time password shown once; must choose their own at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Issue 20: the language this person chose (`en` or `hi`); null until they choose one. */
    language: text('language').$type<'en' | 'hi'>(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admins_library_idx').on(table.libraryId),
    check('admins_role_check', sql`${table.role} in ('owner', 'manager', 'desk')`),
    check('admins_language_check', sql`${table.language} in ('en', 'hi')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last authenticated request, at most a minute stale: drives the idle expiry. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_admin_idx').on(table.adminId),
    index('sessions_expires_idx')
      .on(table.expiresAt)
      .where(sql`revoked_at is null`),
  ],
);

/** Fixed-window counters shared by every API process (DESIGN.md §7: nothing kept in memory). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
