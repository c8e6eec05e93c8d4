import { bigint, primaryKey, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

/**
 * Issue 18: each library's exact number of fees, kept by statement-level triggers on `fees`
 * (migration 0027: insert and delete; a fee never moves library, and a void keeps its row), so the
 * fee report's unfiltered total reads a few rows instead of counting every fee of the library.
 * A row per writer `slot` (the writing backend's process id modulo 64, as migration 0026's
 * dashboard totals): two payments in flight add to different rows and neither waits for the
 * other; the total is the sum of the library's rows. Nothing in the app writes it.
 */
export const libraryFeeCounts = pgTable(
  'library_fee_counts',
  {
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.libraryId, table.slot] })],
);
