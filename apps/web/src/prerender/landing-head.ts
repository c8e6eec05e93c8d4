import {
  isLanguageChoice,
  readLanguageCookie,
  readSavedLanguageChoice,
  saveLanguageChoice,
  writeLanguageCookie,
} from '@/lib/language';
import './color-scheme';

/**
 * The landing page's blocking script in <head> (both of its files, landing.html and
 * landing.hi.html), run before the first paint: the saved theme (color-scheme), and the page's
 * language (issue 20). The server picks the file by the `language` cookie (plugins/spa.ts); the
 * device's choice (local storage) is what counts, so:
 * - a device that chose a language whose cookie is missing or says another (a choice made before
 *   the cookie existed, an expired cookie) gets the cookie, and the page reloads once in it,
 *   hidden meanwhile so the other language never shows;
 * - a device that chose nothing takes the page's language as its choice (a choice made through the
 *   links without JavaScript lives in the cookie only), so the app's pages follow it.
 * When the cookie cannot be kept (cookies off) the page stays as it came, rather than reloading
 * for ever.
 */
const RELOADED = 'language-reload';
const root = document.documentElement;
const page = isLanguageChoice(root.lang) ? root.lang : 'en';
const saved = readSavedLanguageChoice();

function reloadInto(language: string) {
  try {
    // Once per language and tab: should the server answer the other file again, it stays.
    if (window.sessionStorage.getItem(RELOADED) === language) return;
    window.sessionStorage.setItem(RELOADED, language);
  } catch {
    return;
  }
  root.style.visibility = 'hidden';
  window.location.reload();
}

if (saved === null) {
  if (page === 'hi') saveLanguageChoice(page);
} else if (saved !== page || readLanguageCookie() !== saved) {
  writeLanguageCookie(saved);
  if (saved !== page && readLanguageCookie() === saved) reloadInto(saved);
} else {
  try {
    window.sessionStorage.removeItem(RELOADED);
  } catch {
    // Nothing to clear.
  }
}
