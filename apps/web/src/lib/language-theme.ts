import type { Localization } from '@mui/material/locale';

/**
 * What a language adds to the app's theme (issue 20): a font family put first in the stack and
 * MUI's own texts in that language. Set before anything renders (lib/language-start) and read by
 * `createAppTheme`, so the English theme stays as it was and English pages carry none of it.
 */
export interface ThemeLanguage {
  fontFamily?: string;
  locale?: Localization;
}

let current: ThemeLanguage = {};

export function setThemeLanguage(next: ThemeLanguage): void {
  current = next;
}

export function themeLanguage(): ThemeLanguage {
  return current;
}
