import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { admins } from '../../db/schema';

/** Whether the admin a link was signed for still exists and belongs to the library owning the file. */
export async function adminBelongsToLibrary(db: Database, libraryId: string, adminId: string): Promise<boolean> {
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)))
    .limit(1);
  return rows.length > 0;
}
