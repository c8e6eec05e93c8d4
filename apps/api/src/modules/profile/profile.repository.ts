import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { admins, sessions } from '../../db/schema';

/** Whether another admin (of any library: the email signs in) already has this email. */
export async function emailUsedByOther(db: DbOrTx, adminId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.email, email), ne(admins.id, adminId)))
    .limit(1);
  return rows.length > 0;
}

/** Updates the profile; false when the email was taken meanwhile (unique violation). */
export async function updateProfile(
  db: DbOrTx,
  libraryId: string,
  adminId: string,
  changes: { name: string; email: string; phone: string; passwordHash?: string },
): Promise<boolean> {
  try {
    await db
      .update(admins)
      .set({
        name: changes.name,
        email: changes.email,
        phone: changes.phone,
        updatedAt: sql`now()`,
        ...(changes.passwordHash ? { passwordHash: changes.passwordHash, passwordChangedAt: sql`now()` } : {}),
      })
      .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)));
    return true;
  } catch (error) {
    if (
      (error as { cause?: { code?: string } }).cause?.code === '23505' ||
      (error as { code?: string }).code === '23505'
    ) {
      return false;
    }
    throw error;
  }
}

/** Ends every other session of the admin (after a password change), keeping the current one. */
export async function revokeOtherSessions(db: DbOrTx, libraryId: string, adminId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.libraryId, libraryId),
        eq(sessions.adminId, adminId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    );
}
