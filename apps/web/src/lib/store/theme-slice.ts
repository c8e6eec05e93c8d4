import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ThemeMode } from '@app/shared';
import { isThemeMode, readStoredTheme } from '../stored-theme';

export { readStoredTheme, saveTheme } from '../stored-theme';

/** SPEC.md §3 client state `theme`: light, dark or system (follow the device). */
export interface ThemeState {
  mode: ThemeMode;
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
