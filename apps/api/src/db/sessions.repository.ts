import type { Role } from '@app/shared';
import type { DbOrTx } from './client';
import { queryPrepared } from './prepared';

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

const livenessConditions = (idleSeconds: string) => `
  s.revoked_at is null and s.expires_at > now() and a.deactivated_at is null
  and s.last_seen_at > now() - ${idleSeconds}::int * interval '1 second'`;

const liveSessionColumns = `
  s.id as "sessionId", s.admin_id as "adminId", s.library_id as "libraryId",
  (extract(epoch from a.password_changed_at) * 1000000)::bigint::text as "passwordStamp",
  a.role, a.must_change_password as "mustChangePassword"`;

/*
 * Both lookups are SQL text written once, with the values as parameters, run as named prepared
 * statements (db/prepared.ts): every authenticated request runs one, and neither planning it
 * (0.7-1 ms) nor building it with Drizzle's query builder is paid per request. Each still
 * reads the session afresh: a revoked session is refused by the next request.
 */

/** $1 the token's hash, $2 the idle window in seconds, $3 the last-use throttle in seconds. */
const FIND_ACTIVE_SESSION = `
    with live as (
      select ${liveSessionColumns}, s.last_seen_at as "lastSeenAt"
      from sessions s join admins a on a.id = s.admin_id and a.library_id = s.library_id
      where s.token_hash = $1 and ${livenessConditions('$2')}
    ), touched as (
      update sessions set last_seen_at = now()
      from live
      where sessions.id = live."sessionId"
        and live."lastSeenAt" < now() - $3::float8 * interval '1 second'
    )
    select "sessionId", "adminId", "libraryId", "passwordStamp", role, "mustChangePassword" from live`;

/** $1 the session's id, $2 the idle window in seconds. */
const FIND_LIVE_SESSION_BY_ID = `
    select ${liveSessionColumns}
    from sessions s join admins a on a.id = s.admin_id and a.library_id = s.library_id
    where s.id = $1 and ${livenessConditions('$2')}`;

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
  const rows = await queryPrepared<LiveSession>(db, FIND_ACTIVE_SESSION, [
    tokenHash,
    idleSeconds,
    lastSeenThrottleSeconds(idleMs),
  ]);
  return rows[0];
}

/** The session with this id if it is still live (as `findActiveSession` judges), without marking it used. */
export async function findLiveSessionById(
  db: DbOrTx,
  sessionId: string,
  idleMs: number,
): Promise<LiveSession | undefined> {
  const rows = await queryPrepared<LiveSession>(db, FIND_LIVE_SESSION_BY_ID, [sessionId, Math.floor(idleMs / 1000)]);
  return rows[0];
}
