// Data rights in the demo (issue 19): every student was added with the consent their
// documents need (a parent or guardian agreed for those under 18, see seedStudents); two of
// the students whose plans all ran out have left: one last month, whose documents the
// retention job erases later (the edit screen says when), and one who asked for them to be
// erased at once. Both stay in the books (fee report, day book, receipts, attendance).
import type pg from 'pg';
import type { StudentLifecycle } from '@app/shared';
import { dateOfDayNumber, dayNumber } from '../../apps/api/src/lib/booking/time';
import type { DemoClient } from './client';
import type { Today } from './stories';

const addDays = (date: string, days: number) => dateOfDayNumber(dayNumber(date)! + days);

/** A moment of a library day: `minute` minutes after its midnight, in the library's time zone. */
const AT = `($2::date::timestamp + make_interval(mins => $3::int)) at time zone l.time_zone`;

/** Moves when a student left to `date` (and the audit entry that says so). */
async function backdateLeaving(pool: pg.Pool, studentId: string, date: string, minute: number) {
  await pool.query(
    `update students st set left_at = ${AT}, updated_at = ${AT}
     from libraries l where l.id = st.library_id and st.id = $1`,
    [studentId, date, minute],
  );
  await pool.query(
    `update audit_log a set created_at = ${AT}
     from libraries l where l.id = a.library_id and a.entity_id = $1::text and a.action = 'student.leave'`,
    [studentId, date, minute],
  );
}

/** Moves when a student's documents were erased to `date` (and its audit entry). */
async function backdateErasure(pool: pg.Pool, studentId: string, date: string, minute: number) {
  await pool.query(
    `update students st set documents_erased_at = ${AT}, updated_at = ${AT}
     from libraries l where l.id = st.library_id and st.id = $1`,
    [studentId, date, minute],
  );
  await pool.query(
    `update audit_log a set created_at = ${AT}
     from libraries l where l.id = a.library_id and a.entity_id = $1::text and a.action = 'student.erase'`,
    [studentId, date, minute],
  );
}

export interface DataRightsTally {
  /** Students whose consent a parent or guardian gave. */
  guardians: number;
  consents: number;
  /** Left last month; their documents are due for erasure on this date. */
  leftLastMonth?: { name: string; leftOn: string };
  erased?: { name: string; leftOn: string; erasedOn: string };
}

/**
 * Two of the students whose plans all ran out leave, each a week or more after their last
 * day: one 35 days ago (documents still held, erased after the library's 90 days), one 70
 * days ago, who asked for their documents to be erased and saw it done two days later.
 */
export async function seedDataRights(
  api: DemoClient,
  pool: pg.Pool,
  libraryId: string,
  lapsedIds: string[],
  today: Today,
): Promise<DataRightsTally> {
  const counted = await pool.query<{ consents: string; guardians: string }>(
    `select count(consent_at) as consents, count(*) filter (where consent_given_by = 'guardian') as guardians
     from students where library_id = $1`,
    [libraryId],
  );
  const tally: DataRightsTally = {
    consents: Number(counted.rows[0]?.consents ?? 0),
    guardians: Number(counted.rows[0]?.guardians ?? 0),
  };

  // Students whose plans all ran out, the most recent last day first.
  const lapsed = await pool.query<{ id: string; name: string; last_day: string }>(
    `select st.id, trim(st.first_name || ' ' || coalesce(st.last_name, '')) as name,
            to_char(max(sub.plan_expires_at), 'YYYY-MM-DD') as last_day
     from students st join subscriptions sub on sub.student_id = st.id
     where st.id = any($1::uuid[])
     group by st.id
     order by max(sub.plan_expires_at) desc, st.id`,
    [lapsedIds],
  );
  // Each left a week or more after their last day.
  const leaving = lapsed.rows.find((row) => row.last_day < addDays(today.date, -42));
  const erasing = lapsed.rows.find((row) => row !== leaving && row.last_day < addDays(today.date, -77));
  if (leaving) {
    const leftOn = addDays(today.date, -35);
    await api.post<StudentLifecycle>(`/api/user/${leaving.id}/leave`, {});
    await backdateLeaving(pool, leaving.id, leftOn, 18 * 60 + 10);
    tally.leftLastMonth = { name: leaving.name, leftOn };
  }
  if (erasing) {
    const leftOn = addDays(today.date, -70);
    const erasedOn = addDays(leftOn, 2);
    await api.post<StudentLifecycle>(`/api/user/${erasing.id}/leave`, {});
    await api.post<StudentLifecycle>(`/api/user/${erasing.id}/erase`, {});
    await backdateLeaving(pool, erasing.id, leftOn, 11 * 60 + 40);
    await backdateErasure(pool, erasing.id, erasedOn, 10 * 60 + 15);
    tally.erased = { name: erasing.name, leftOn, erasedOn };
  }
  return tally;
}
