import { TransactionRollbackError, and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { admins, libraries, sessions } from '../../db/schema';
import { adminColumns, type AdminRow } from '../../db/admins.repository';

export async function findAdminByEmail(db: DbOrTx, email: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(admins)
    .innerJoin(libraries, eq(libraries.id, admins.libraryId))
    .where(eq(admins.email, email));
  return row && { ...row, role: row.role as Role };
}

export interface NewLibraryWithOwner {
  library: { name: string; mobile: string; email: string; address: string | null };
  owner: { name: string; email: string; phone: string; passwordHash: string };
}

/** Creates the library and its owner admin in one transaction; undefined when the owner email is taken. */
export async function createLibraryWithOwner(db: DbOrTx, input: NewLibraryWithOwner): Promise<AdminRow | undefined> {
  try {
    return await insertLibraryWithOwner(db, input);
  } catch (error) {
    if (error instanceof TransactionRollbackError) return undefined;
    throw error;
  }
}

function insertLibraryWithOwner(db: DbOrTx, input: NewLibraryWithOwner): Promise<AdminRow> {
  return db.transaction(async (tx) => {
    const [library] = await tx.insert(libraries).values(input.library).returning();
    if (!library) throw new Error('library insert returned nothing');
    const [owner] = await tx
      .insert(admins)
      .values({ ...input.owner, libraryId: library.id })
      .onConflictDoNothing({ target: admins.email })
      .returning();
    if (!owner) return tx.rollback(); // the owner email is taken: keep no orphan library
    return {
      id: owner.id,
      libraryId: library.id,
      name: owner.name,
      email: owner.email,
      phone: owner.phone,
      passwordHash: owner.passwordHash,
      profileImage: owner.profileImage,
      libraryName: library.name,
      libraryTimeZone: library.timeZone,
      role: owner.role as Role,
      deactivatedAt: owner.deactivatedAt,
      mustChangePassword: owner.mustChangePassword,
      language: owner.language,
    };
  });
}

export async function insertSession(
  db: DbOrTx,
  session: { libraryId: string; adminId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(sessions).values(session);
}

export async function revokeSession(db: DbOrTx, libraryId: string, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.libraryId, libraryId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
