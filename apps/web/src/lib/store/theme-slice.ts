import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { STORAGE_KEYS, THEME_MODES, type ThemeMode } from '@app/shared';

/** SPEC.md §3 client state `theme`: light, dark or system (follow the device). */
export interface ThemeState {
  mode: ThemeMode;
}

function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** The saved mode, or light when none (or an unknown value) is saved. */
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

const NEXT_MODE: Record<ThemeMode, ThemeMode> = { light: 'dark', dark: 'system', system: 'light' };

// Reducers stay pure; saving happens in the store's listener (see store/index.ts).
export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ mode: readStoredTheme() }),
  reducers: {
    toggleTheme(state) {
      state.mode = NEXT_MODE[state.mode];
    },
    setTheme(state, action: PayloadAction<ThemeMode>) {
      if (isThemeMode(action.payload)) state.mode = action.payload;
    },
  },
});

export const { toggleTheme, setTheme } = themeSlice.actions;
