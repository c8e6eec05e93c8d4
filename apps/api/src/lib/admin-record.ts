import type { Admin } from '@app/shared';
import type { AdminRow } from '../db/admins.repository';

/** The admin as the client sees it (never the password hash). */
export function presentAdmin(row: AdminRow): Admin {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    profileImage: row.profileImage,
    library: { id: row.libraryId, name: row.libraryName, timeZone: row.libraryTimeZone },
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    language: row.language,
  };
}
