import { isRole, STORAGE_KEYS, type Admin, type AdminSession } from '@app/shared';
import { isLanguageChoice } from './language';

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings<K extends string>(source: Fields, keys: readonly K[]): Record<K, string> | null {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = source[key];
    if (typeof value !== 'string') return null;
    out[key] = value;
  }
  return out;
}

/**
 * The Admin in `value` (the signed-in person as `/auth/me` describes them), or null when it is not
 * one: the same answer as the shared `adminSchema.safeParse` (unknown keys dropped). Written out by
 * hand so that neither the sign-in page's first load nor the signed-in shell's carries zod.
 */
export function parseAdmin(value: unknown): Admin | null {
  if (!isFields(value)) return null;
  const admin = strings(value, ['id', 'name', 'email', 'phone'] as const);
  const profileImage = value.profileImage;
  if (!admin || (profileImage !== null && typeof profileImage !== 'string')) return null;
  const library = isFields(value.library) ? strings(value.library, ['id', 'name', 'timeZone'] as const) : null;
  if (!library) return null;
  // Issue 16: who may do what. A session stored before roles existed has none and is dropped (sign in again).
  const { role, mustChangePassword } = value;
  if (!isRole(role) || typeof mustChangePassword !== 'boolean') return null;
  // Issue 20: the person's language, null until they choose; a session stored before languages
  // existed has none, which is the same.
  const language = value.language ?? null;
  if (language !== null && !isLanguageChoice(language)) return null;
  return { ...admin, profileImage, library, role, mustChangePassword, language };
}

/**
 * The AdminSession in `value`, or null when it is not one: the same answer as the shared
 * `sessionSchema.safeParse` (unknown keys dropped), which `session.test.ts` checks on
 * generated values.
 */
export function parseSession(value: unknown): AdminSession | null {
  const admin = parseAdmin(value);
  const token = isFields(value) ? strings(value, ['token', 'expiresAt'] as const) : null;
  if (!admin || !token) return null;
  return { ...admin, ...token };
}

/**
 * The stored admin session (SPEC.md §3): the `data` of a login or registration
 * response, kept in local storage under `admin`.
 * Anything that is not valid JSON or not an AdminSession counts as no session.
 */
export function readSession(): AdminSession | null {
  const raw = safeStorage()?.getItem(STORAGE_KEYS.admin);
  if (!raw) return null;
  try {
    const session = parseSession(JSON.parse(raw));
    if (session) return session;
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
