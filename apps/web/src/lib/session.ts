import { STORAGE_KEYS, sessionSchema, type AdminSession } from '@app/shared';

/**
 * The stored admin session (SPEC.md §3): the `data` of a login or registration
 * response, kept in local storage under `admin`.
 * Anything that is not valid JSON or not an AdminSession counts as no session.
 */
export function readSession(): AdminSession | null {
  const raw = safeStorage()?.getItem(STORAGE_KEYS.admin);
  if (!raw) return null;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: fall through and drop it.
  }
  clearSession();
  return null;
}

export function writeSession(session: AdminSession): void {
  safeStorage()?.setItem(STORAGE_KEYS.admin, JSON.stringify(session));
}

export function clearSession(): void {
  safeStorage()?.removeItem(STORAGE_KEYS.admin);
}

/** The bearer token of the stored session, if any. */
export function readToken(): string | undefined {
  return readSession()?.token;
}

// Local storage can throw (disabled cookies, private modes); the app then simply has no session.
function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
