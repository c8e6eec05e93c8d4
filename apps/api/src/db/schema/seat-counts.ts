import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

/**
 * Issue 18: each library's exact numbers of seats (`total`) and of active seats, kept by
 * statement-level triggers on `seats` (migration 0028: insert, update, delete), so the
 * dashboard reads one row instead of counting every seat (16,455 at bench/saas's largest
 * library). Nothing in the app writes it; the dashboard reads it.
 */
export const librarySeatCounts = pgTable(
  'library_seat_counts',
  {
    libraryId: uuid('library_id')
      .primaryKey()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    active: integer('active').notNull().default(0),
  },
  (table) => [
    check('library_seat_counts_range_check', sql`${table.active} >= 0 and ${table.active} <= ${table.total}`),
  ],
);
