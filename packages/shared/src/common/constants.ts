/** Page sizes every list offers (SPEC.md §9). */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Local storage keys (SPEC.md §9). */
export const STORAGE_KEYS = { admin: 'admin', theme: 'theme' } as const;

export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** Sidebar widths in px (SPEC.md §9). */
export const SIDEBAR_WIDTH = { expanded: 280, collapsed: 80 } as const;

/** Toast auto-close times in ms (SPEC.md §8–§9). */
export const TOAST_MS = { areas: 5000, students: 3000, notifications: 3000, profile: 3000, default: 5000 } as const;
/** The profile success message hides after 6 seconds. */
export const PROFILE_SUCCESS_MS = 6000;

/** API request timeout (SPEC.md §7). */
export const API_TIMEOUT_MS = 1_000_000;

/** Default library time zone (DESIGN.md §3). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
