import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

/**
 * Issue 18 (migration 0018): how many subscriptions hold a place at each minute of a library's
 * calendar day (`taken[1]` is 00:00–00:01), reserved and pool alike; an overnight window's
 * morning is on the next day's row. Kept by the deferred `booking_guard` trigger on
 * subscriptions, which also refuses a plan that overbooks the pool or its seat. Nothing in the
 * app writes it; lib/booking reads it through the SQL functions of the migration.
 */
export const bookingOccupancy = pgTable(
  'booking_occupancy',
  {
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    taken: integer('taken')
      .array()
      .notNull()
      .default(sql`array_fill(0, ARRAY[1440])`),
  },
  (table) => [
    primaryKey({ name: 'booking_occupancy_pkey', columns: [table.libraryId, table.day] }),
    check(
      'booking_occupancy_minutes_check',
      sql`array_lower(${table.taken}, 1) = 1 and array_upper(${table.taken}, 1) = 1440`,
    ),
  ],
);

/**
 * Issue 18 (migration 0018): each library's exact number of subscriptions, kept by a deferred
 * trigger on insert and delete, so the subscriptions list's unfiltered total reads one row.
 * (The migration also adds subscriptions_library_expiry_id_idx, the list's default order.)
 */
export const librarySubscriptionCounts = pgTable(
  'library_subscription_counts',
  {
    libraryId: uuid('library_id')
      .primaryKey()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
  },
  (table) => [check('library_subscription_counts_nonnegative_check', sql`${table.total} >= 0`)],
);
