import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { admins, libraries } from './schema';

/** An admin row with its library, as the auth and profile modules both read it. */
export interface AdminRow {
  id: string;
  libraryId: string;
  name: string;
  email: string;
  phone: string;
  passwordHash: string;
  profileImage: string | null;
  libraryName: string;
  libraryTimeZone: string;
}

export const adminColumns = {
  id: admins.id,
  libraryId: admins.libraryId,
  name: admins.name,
  email: admins.email,
  phone: admins.phone,
  passwordHash: admins.passwordHash,
  profileImage: admins.profileImage,
  libraryName: libraries.name,
  libraryTimeZone: libraries.timeZone,
};

/** The admin of a session, scoped by library like every tenant read. */
export async function findAdminById(db: DbOrTx, libraryId: string, adminId: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(admins)
    .innerJoin(libraries, eq(libraries.id, admins.libraryId))
    .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)));
  return row;
}
