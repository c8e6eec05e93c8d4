import type { NotificationState } from './store/notification-slice';

const FLASH_KEY = 'flash';
const TYPES: readonly string[] = ['', 'success', 'error', 'info', 'warning'];

// Session storage can throw (disabled storage, private modes); a lost flash only loses its toast.
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Leaves a message for the next page this tab loads: the prerendered sign-in page, which has no
 * store, hands the app its "Logged in successfully!" toast this way (docs/decisions.md, "Web performance").
 */
export function writeFlash(notification: NotificationState): void {
  try {
    storage()?.setItem(FLASH_KEY, JSON.stringify(notification));
  } catch {
    // Full or unavailable: the page after goes without the toast.
  }
}

/** The message left by `writeFlash`, once: reading it removes it. Anything malformed counts as none. */
export function takeFlash(): NotificationState | null {
  const store = storage();
  const raw = store?.getItem(FLASH_KEY);
  if (raw === null || raw === undefined) return null;
  store?.removeItem(FLASH_KEY);
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { message, type } = value as Record<string, unknown>;
    if (typeof message !== 'string' || !message || typeof type !== 'string' || !TYPES.includes(type)) return null;
    return { message, type: type as NotificationState['type'] };
  } catch {
    return null;
  }
}
