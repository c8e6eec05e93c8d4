import { and, eq } from 'drizzle-orm';
import type { Language, Role } from '@app/shared';
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
  /** Issue 16: what the person may do; when they were deactivated (null while active). */
  role: Role;
  deactivatedAt: Date | null;
  mustChangePassword: boolean;
  language: Language | null;
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
  role: admins.role,
  deactivatedAt: admins.deactivatedAt,
  mustChangePassword: admins.mustChangePassword,
  language: admins.language,
};

/** The admin of a session, scoped by library like every tenant read. */
export async function findAdminById(db: DbOrTx, libraryId: string, adminId: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(admins)
    .innerJoin(libraries, eq(libraries.id, admins.libraryId))
    .where(and(eq(admins.libraryId, libraryId), eq(admins.id, adminId)));
  return row && { ...row, role: row.role as Role };
}
