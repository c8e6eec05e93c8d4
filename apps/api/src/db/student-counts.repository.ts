import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** A library's exact numbers of members and of students who left. */
export type StudentCounts = { active: number; left: number };

/**
 * Reads the counts migration 0017's triggers keep as students are added, leave, return or are
 * deleted (issue 18): one row by its key, exact in any transaction that reads it, since the
 * triggers change it in the same transaction as the students. A library that never had a
 * student has no row yet: both counts are 0.
 */
export async function readStudentCounts(db: DbOrTx, libraryId: string): Promise<StudentCounts> {
  const result = await db.execute<{ active: number; left: number }>(
    sql`select active, "left" from library_student_counts where library_id = ${libraryId}`,
  );
  const row = result.rows[0];
  return { active: row?.active ?? 0, left: row?.left ?? 0 };
}
