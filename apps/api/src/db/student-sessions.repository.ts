import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/*
 * Student-session lookups for the student-auth plugin, which every student route uses: here
 * rather than in the student module, so the plugin depends on no module.
 */

/** How stale a student session's last-use mark may get before a request writes it again. */
const LAST_SEEN_THROTTLE_SECONDS = 60;

/** A live student session as the API sees it: one student of one library, on one phone. */
export type LiveStudentSession = {
  sessionId: string;
  studentId: string;
  libraryId: string;
};

/**
 * The live (not revoked) student session holding this token. Student sessions have no idle
 * or absolute expiry: they last until the owner unpairs the phone or the student signs out.
 * Marks it used, at most once a minute.
 */
export async function findActiveStudentSession(db: DbOrTx, tokenHash: string): Promise<LiveStudentSession | undefined> {
  const result = await db.execute<LiveStudentSession>(sql`
    with live as (
      select s.id as "sessionId", s.student_id as "studentId", s.library_id as "libraryId", s.last_seen_at
      from student_sessions s
      join students st on st.id = s.student_id and st.library_id = s.library_id
      where s.token_hash = ${tokenHash} and s.revoked_at is null
    ), touched as (
      update student_sessions set last_seen_at = now()
      from live
      where student_sessions.id = live."sessionId"
        and live.last_seen_at < now() - ${LAST_SEEN_THROTTLE_SECONDS}::int * interval '1 second'
    )
    select "sessionId", "studentId", "libraryId" from live`);
  return result.rows[0];
}

/**
 * Ends a student session at once (the student signing out, the owner unpairing the phone):
 * its token is refused from the next request, its entry pass stops working, and the Web Push
 * devices it registered are deleted. False when the library has no such live session of the
 * student. Run it in a transaction.
 */
export async function revokeStudentSession(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
  sessionId: string,
): Promise<boolean> {
  const revoked = await db.execute(sql`
    update student_sessions set revoked_at = now()
    where library_id = ${libraryId} and student_id = ${studentId} and id = ${sessionId} and revoked_at is null`);
  if ((revoked.rowCount ?? 0) === 0) return false;
  await db.execute(sql`
    delete from student_devices
    where library_id = ${libraryId} and student_id = ${studentId} and session_id = ${sessionId}`);
  return true;
}
