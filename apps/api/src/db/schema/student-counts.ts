import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

/**
 * Issue 18: each library's exact numbers of members (`active`) and of students who left,
 * kept by statement-level triggers on `students` (migration 0017: insert, update, delete),
 * so a list's unfiltered total and the dashboard's counts read one row instead of counting
 * every student. Nothing in the app writes it; db/student-counts.repository.ts reads it.
 */
export const libraryStudentCounts = pgTable(
  'library_student_counts',
  {
    libraryId: uuid('library_id')
      .primaryKey()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    active: integer('active').notNull().default(0),
    left: integer('left').notNull().default(0),
  },
  (table) => [check('library_student_counts_nonnegative_check', sql`${table.active} >= 0 and ${table.left} >= 0`)],
);
