/**
 * The last answer of each student call, kept in local storage with when it came, so the app
 * opens offline to what it last saw ("Showing what was saved on ...").
 */
const PREFIX = 'student-data:';

export interface SavedData<T> {
  data: T;
  /** When the answer arrived (ms since the epoch). */
  savedAt: number;
}

export function readSavedData<T>(key: string): SavedData<T> | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(PREFIX + key) ?? 'null') as SavedData<T> | null;
    return parsed && typeof parsed.savedAt === 'number' && 'data' in parsed ? parsed : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever an answer is saved (the inbox's unread count in the bottom bar follows it). */
export function subscribeSavedData(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveData<T>(key: string, data: T, savedAt = Date.now()): void {
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify({ data, savedAt }));
  } catch {
    // Storage full or unavailable: the app still works online.
  }
  listeners.forEach((listener) => listener());
}

/** Forgets every saved answer (sign-out, or a session that ended). */
export function clearSavedData(): void {
  for (const key of Object.keys(window.localStorage)) {
    if (key.startsWith(PREFIX)) window.localStorage.removeItem(key);
  }
}
