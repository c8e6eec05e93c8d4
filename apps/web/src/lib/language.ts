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
  return readSavedLanguageChoice() ?? DEFAULT_LANGUAGE;
}

/**
 * This device's saved choice as it is, `null` when none (or an unknown value) is saved: the
 * landing page's head script tells "chose English" from "chose nothing" (prerender/landing-head).
 */
export function readSavedLanguageChoice(): Language | null {
  try {
    const saved = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageChoice(saved) ? saved : null;
  } catch {
    return null;
  }
}

/**
 * The cookie that tells the server the device's choice, so that the prerendered landing page
 * `/` comes in it (apps/api/src/plugins/spa.ts): same name as the storage key, for the whole
 * site, a year, sent on top-level navigations from other sites too (SameSite=Lax).
 */
export const LANGUAGE_COOKIE = LANGUAGE_STORAGE_KEY;
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function writeLanguageCookie(language: Language): void {
  try {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
  } catch {
    // Cookies unavailable (a sandboxed frame): the landing page stays in English.
  }
}

/** The language the `language` cookie holds, `null` when none or an unknown value. */
export function readLanguageCookie(): Language | null {
  try {
    for (const part of document.cookie.split(';')) {
      const [name, value] = part.trim().split('=');
      if (name === LANGUAGE_COOKIE && isLanguageChoice(value)) return value;
    }
  } catch {
    // Cookies unavailable.
  }
  return null;
}

/** Saves the choice on this device, and in the cookie the server reads for the landing page. */
export function saveLanguageChoice(language: Language): void {
  writeLanguageCookie(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: the choice lasts for this page only (a reload forgets it).
  }
}
