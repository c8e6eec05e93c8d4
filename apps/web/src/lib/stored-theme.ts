import { STORAGE_KEYS, THEME_MODES, type ThemeMode } from '@app/shared';

/** Whether a value is one of the theme choices (light, dark, system). */
export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/**
 * The saved theme choice, or light when none (or an unknown value) is saved. The store starts from
 * it, and so does the prerendered pages' blocking script (prerender/color-scheme), which is why it
 * lives apart from the slice: that script must stay a few hundred bytes.
 */
export function readStoredTheme(): ThemeMode {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEYS.theme);
    return isThemeMode(saved) ? saved : 'light';
  } catch {
    return 'light';
  }
}

export function saveTheme(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, mode);
  } catch {
    // Storage unavailable: the choice lasts for this visit only.
  }
}
