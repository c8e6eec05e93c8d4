import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

/**
 * Stored files still to delete (issue 19): an erasure writes the keys of the images it took
 * off the student in its own transaction, deletes the files after the commit and removes
 * each row once its file is gone. A row left behind (the disk or the bucket refused, or the
 * process stopped in between) is deleted again by the retention job's next round, and
 * until then its file is never served (modules/files). Keys only: no personal data.
 */
export const storageDeletions = pgTable(
  'storage_deletions',
  {
    key: text('key').primaryKey(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    /** Failed deletes so far, and the last one's error (for the log and an operator). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (table) => [
    index('storage_deletions_library_idx').on(table.libraryId),
    check('storage_deletions_attempts_check', sql`${table.attempts} >= 0`),
  ],
);
