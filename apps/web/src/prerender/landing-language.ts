import {
  isLanguageChoice,
  readLanguageCookie,
  readSavedLanguageChoice,
  saveLanguageChoice,
  writeLanguageCookie,
} from '@/lib/language';

/** The tab's note of a reload into a language, so that it happens once (sessionStorage). */
export const LANGUAGE_RELOAD_KEY = 'language-reload';

/**
 * Keeps the landing page's language in step with the device's choice (issue 20), before the first
 * paint (prerender/landing-head). The server picks the page's file by the `language` cookie
 * (plugins/spa.ts); the device's choice (local storage) is what counts, so:
 * - a device that chose a language whose cookie is missing or says another (a choice made before
 *   the cookie existed, an expired cookie) gets the cookie, and the page reloads once in it,
 *   hidden meanwhile so that the other language never shows;
 * - a device that chose nothing takes a Hindi page's language as its choice (a choice made through
 *   the links without JavaScript lives in the cookie only), so the app's pages follow it.
 * When the cookie cannot be kept (cookies off), or the reload into a language brought the other
 * page again, the page stays as it came rather than reloading for ever. Answers whether it reloads.
 */
export function keepLanguageInStep(reload: () => void = () => window.location.reload()): boolean {
  const root = document.documentElement;
  const page = isLanguageChoice(root.lang) ? root.lang : 'en';
  const saved = readSavedLanguageChoice();
  if (saved === null) {
    if (page === 'hi') saveLanguageChoice(page);
    return false;
  }
  if (saved === page) {
    if (readLanguageCookie() !== saved) writeLanguageCookie(saved);
    forgetReload();
    return false;
  }
  writeLanguageCookie(saved);
  if (readLanguageCookie() !== saved) return false;
  try {
    if (window.sessionStorage.getItem(LANGUAGE_RELOAD_KEY) === saved) return false;
    window.sessionStorage.setItem(LANGUAGE_RELOAD_KEY, saved);
  } catch {
    return false;
  }
  root.style.visibility = 'hidden';
  reload();
  return true;
}

function forgetReload() {
  try {
    window.sessionStorage.removeItem(LANGUAGE_RELOAD_KEY);
  } catch {
    // Nothing to forget.
  }
}
