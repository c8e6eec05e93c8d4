import type { Language } from '@app/shared';

/** Where this device keeps its language choice (issue 20), beside the theme's. */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * `isLanguage` and `DEFAULT_LANGUAGE` of @app/shared, restated: importing them would bring
 * i18next (40 kB) into the sign-in page's head script. language.test.ts holds them equal.
 */
export const isLanguageChoice = (value: unknown): value is Language => value === 'en' || value === 'hi';
const DEFAULT_LANGUAGE: Language = 'en';

/**
 * This device's language choice, English when none (or an unknown value) is saved. Read before
 * anything renders (lib/language-start) and by the sign-in page's head script, which is why it
 * lives apart from everything else: that script must stay small.
 */
export function readLanguageChoice(): Language {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageChoice(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function saveLanguageChoice(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the choice lasts for this page only (a reload forgets it).
  }
}
