import { and, eq } from 'drizzle-orm';
import type { Admin } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { admins, libraries } from '../db/schema';

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

/** The admin as the client sees it (never the password hash). */
export function presentAdmin(row: AdminRow): Admin {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    profileImage: row.profileImage,
    library: { id: row.libraryId, name: row.libraryName, timeZone: row.libraryTimeZone },
  };
}
