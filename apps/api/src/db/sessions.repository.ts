import { sql } from 'drizzle-orm';
import type { Role } from '@app/shared';
import type { DbOrTx } from './client';
import { executePrepared } from './prepared';

/*
 * Session lookups for the auth plugin, which every module's routes use: here rather than in
 * the auth module, so the plugin depends on no module (the auth module opens and revokes sessions).
 */

/**
 * How stale the last-use mark may get before a request writes it again: a tenth of the idle
 * window, at most a minute. A burst of requests costs one row update, not one per request,
 * and a session ends between 0.9 and 1 idle window after its last use, never earlier.
 */
function lastSeenThrottleSeconds(idleMs: number): number {
  return Math.min(60, idleMs / 1000 / 10);
}

/** A live session as the API sees it. */
export type LiveSession = {
  sessionId: string;
  adminId: string;
  libraryId: string;
  /** Changes whenever the account's password does (the microsecond of the last change). */
  passwordStamp: string;
  /** Issue 16: the person's role now (a change applies to their next request). */
  role: Role;
  /** Issue 16: a person given a one-time password must choose their own first. */
  mustChangePassword: boolean;
};

const livenessConditions = (idleSeconds: number) => sql`
  s.revoked_at is null and s.expires_at > now() and a.deactivated_at is null
  and s.last_seen_at > now() - ${idleSeconds}::int * interval '1 second'`;

const liveSessionColumns = sql`
  s.id as "sessionId", s.admin_id as "adminId", s.library_id as "libraryId",
  (extract(epoch from a.password_changed_at) * 1000000)::bigint::text as "passwordStamp",
  a.role, a.must_change_password as "mustChangePassword"`;

/**
 * The live session holding this token: not revoked, not past its absolute expiry, and used
 * within the idle window. Marks it used (throttled, see `lastSeenThrottleSeconds`).
 */
export async function findActiveSession(
  db: DbOrTx,
  tokenHash: string,
  idleMs: number,
): Promise<LiveSession | undefined> {
  const idleSeconds = Math.floor(idleMs / 1000);
  const throttleSeconds = lastSeenThrottleSeconds(idleMs);
  // A prepared statement (db/prepared.ts): every authenticated request runs it, and planning
  // it cost several times running it. It still reads the session afresh each time.
  const rows = await executePrepared<LiveSession>(
    db,
    sql`
    with live as (
      select ${liveSessionColumns}, s.last_seen_at as "lastSeenAt"
      from sessions s join admins a on a.id = s.admin_id and a.library_id = s.library_id
      where s.token_hash = ${tokenHash} and ${livenessConditions(idleSeconds)}
    ), touched as (
      update sessions set last_seen_at = now()
      from live
      where sessions.id = live."sessionId"
        and live."lastSeenAt" < now() - ${throttleSeconds}::float8 * interval '1 second'
    )
    select "sessionId", "adminId", "libraryId", "passwordStamp", role, "mustChangePassword" from live`,
  );
  return rows[0];
}

/** The session with this id if it is still live (as `findActiveSession` judges), without marking it used. */
export async function findLiveSessionById(
  db: DbOrTx,
  sessionId: string,
  idleMs: number,
): Promise<LiveSession | undefined> {
  const rows = await executePrepared<LiveSession>(
    db,
    sql`
    select ${liveSessionColumns}
    from sessions s join admins a on a.id = s.admin_id and a.library_id = s.library_id
    where s.id = ${sessionId} and ${livenessConditions(Math.floor(idleMs / 1000))}`,
  );
  return rows[0];
}
