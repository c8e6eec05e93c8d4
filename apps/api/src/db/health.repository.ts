import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** Whether the database answers a trivial query now (readiness). */
export async function databaseAnswers(db: DbOrTx): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
