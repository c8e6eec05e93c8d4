import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';
import { isoUtc } from '../../db/sql-time';

const iso = (column: string) => isoUtc(sql.raw(column));

export async function findStudent(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<{ id: string; first_name: string; status: 'active' | 'left' }>(
    sql`select id, first_name, status from students where library_id = ${libraryId} and id = ${studentId}`,
  );
  return result.rows[0];
}

/**
 * Stores a student's new pairing code hash in place of the old one. Undefined when the
 * hash is already another student's (a code collision): the caller draws a new code.
 */
export async function replacePairingCode(db: DbOrTx, libraryId: string, studentId: string, codeHash: string) {
  try {
    const result = await db.execute<{ created_at: string }>(sql`
      insert into student_pairing_codes (student_id, library_id, code_hash)
      values (${studentId}, ${libraryId}, ${codeHash})
      on conflict (student_id) do update set code_hash = excluded.code_hash, created_at = now()
        where student_pairing_codes.library_id = ${libraryId}
      returning ${iso('created_at')} as created_at`);
    return result.rows[0];
  } catch (error) {
    if (isUniqueViolation(error, 'student_pairing_codes_code_hash_unique')) return undefined;
    throw error;
  }
}

export async function findPairingCodeInfo(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<{ created_at: string }>(sql`
    select ${iso('created_at')} as created_at from student_pairing_codes
    where library_id = ${libraryId} and student_id = ${studentId}`);
  return result.rows[0];
}

export type DeviceRow = { id: string; platform: 'android' | 'ios' | 'web'; created_at: string; last_seen_at: string };

export async function listDevices(db: DbOrTx, libraryId: string, studentId: string): Promise<DeviceRow[]> {
  const result = await db.execute<DeviceRow>(sql`
    select id, platform, ${iso('created_at')} as created_at, ${iso('last_seen_at')} as last_seen_at
    from student_devices where library_id = ${libraryId} and student_id = ${studentId}
    order by last_seen_at desc, id`);
  return result.rows;
}

export type StudentSessionRow = { id: string; device_label: string; created_at: string; last_seen_at: string };

/** The student's live student-app sessions (issue 15): the phones signed in, most recently seen first. */
export async function listStudentSessions(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
): Promise<StudentSessionRow[]> {
  const result = await db.execute<StudentSessionRow>(sql`
    select id, device_label, ${iso('created_at')} as created_at, ${iso('last_seen_at')} as last_seen_at
    from student_sessions
    where library_id = ${libraryId} and student_id = ${studentId} and revoked_at is null
    order by last_seen_at desc, id`);
  return result.rows;
}

export async function deleteDevice(db: DbOrTx, libraryId: string, studentId: string, deviceId: string) {
  const result = await db.execute(sql`
    delete from student_devices where library_id = ${libraryId} and student_id = ${studentId} and id = ${deviceId}`);
  return (result.rowCount ?? 0) > 0;
}

/**
 * The student a pairing code belongs to. The code is the only credential of the device
 * call, so this is the one lookup not scoped by a library the caller already has.
 */
export async function findByCodeHash(db: DbOrTx, codeHash: string) {
  const result = await db.execute<{
    library_id: string;
    student_id: string;
    first_name: string;
    library_name: string;
  }>(sql`
    select c.library_id, c.student_id, st.first_name, l.name as library_name
    from student_pairing_codes c
    join students st on st.id = c.student_id and st.library_id = c.library_id and st.status = 'active'
    join libraries l on l.id = c.library_id
    where c.code_hash = ${codeHash}`);
  return result.rows[0];
}

/** Binds a device token to a student; the same token again (a reinstall, a refresh) updates its row. */
export async function upsertDevice(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
  device: { fcmToken: string; platform: string },
) {
  const result = await db.execute<{ id: string; platform: 'android' | 'ios' | 'web' }>(sql`
    insert into student_devices (library_id, student_id, fcm_token, platform)
    values (${libraryId}, ${studentId}, ${device.fcmToken}, ${device.platform})
    on conflict (library_id, fcm_token) do update
      set student_id = excluded.student_id, platform = excluded.platform, last_seen_at = now()
    returning id, platform`);
  return result.rows[0]!;
}
