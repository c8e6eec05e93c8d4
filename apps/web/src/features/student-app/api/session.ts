/**
 * The student's sign-in on this phone, kept in local storage under its own key (never the
 * admin's): the bearer token, the entry pass's key and who is signed in. It stays until the
 * student signs out or the library unpairs the phone (the next call then answers 401).
 */
export const STUDENT_SESSION_KEY = 'student-session';

export interface StudentSession {
  token: string;
  session_id: string;
  pass_key: string;
  student: { id: string; first_name: string; last_name: string | null };
  library: { id: string; name: string };
  /** Server clock minus this phone's clock (ms) at the last sync, for the pass's 30 s steps. */
  clock_offset_ms: number;
}

function isSession(value: unknown): value is StudentSession {
  if (typeof value !== 'object' || value === null) return false;
  const session = value as Record<string, unknown>;
  return (
    typeof session.token === 'string' &&
    typeof session.session_id === 'string' &&
    typeof session.pass_key === 'string' &&
    typeof session.student === 'object' &&
    session.student !== null &&
    typeof session.library === 'object' &&
    session.library !== null
  );
}

export function readStudentSession(): StudentSession | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STUDENT_SESSION_KEY) ?? 'null');
    if (!isSession(parsed)) return null;
    return { ...parsed, clock_offset_ms: Number(parsed.clock_offset_ms) || 0 };
  } catch {
    return null;
  }
}

export function saveStudentSession(session: StudentSession): void {
  window.localStorage.setItem(STUDENT_SESSION_KEY, JSON.stringify(session));
}

/** Updates the pass key and clock offset after a re-sync (GET /api/student/pass-key). */
export function updatePassKey(passKey: string, serverTime: string, receivedAt = Date.now()): void {
  const session = readStudentSession();
  if (!session) return;
  saveStudentSession({ ...session, pass_key: passKey, clock_offset_ms: clockOffset(serverTime, receivedAt) });
}

/** Server time minus the phone's time, in ms (0 when the server's time does not parse). */
export function clockOffset(serverTime: string, receivedAt = Date.now()): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : 0;
}
