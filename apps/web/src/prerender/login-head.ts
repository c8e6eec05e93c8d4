import { STORAGE_KEYS } from '@app/shared';
import { readLanguageChoice } from '@/lib/language';
import './color-scheme';
import { APP_LISTENING_EVENT, APP_STARTED_EVENT } from './app-started';
import { leaveIfSignedIn } from './login-guard';

/**
 * The prerendered sign-in page's blocking script in <head>, so it runs before the first paint:
 * the saved theme (color-scheme), the route's guard, which sends a signed-in admin to the
 * dashboard without showing the form (the SPA would otherwise hydrate a form it then replaces),
 * and the start of the SPA, which hydrates the page, once someone uses the page.
 */

/**
 * What starts the SPA: the first sign of a visitor using the page (a touch, a pointer, a key, a
 * value typed or a focus moved), a submit or a click (held below), and a sign-in or sign-out in
 * another tab (the session in local storage, which the SPA's guard acts on).
 */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'input', 'focusin'] as const;
const LISTENER = { capture: true, passive: true } as const;

const entry = document.currentScript?.dataset.spa;
let requested = false;

/**
 * Loads the SPA's entry (`data-spa` on this script, written by scripts/prerender.mjs), once. Until
 * then the page is the server's HTML and CSS: its 240 kB of JavaScript is neither downloaded nor
 * run while a slow phone loads and paints it, and a visitor who reads and leaves, or follows a
 * link, never pays for it. The form works before React meanwhile: what is typed stays in the
 * fields, which react-hook-form reads when React hydrates them, and a submit or click is held.
 */
function startSpa(onError?: () => void) {
  if (requested || !entry) return;
  requested = true;
  for (const type of INTERACTIONS) document.removeEventListener(type, onInteraction, LISTENER);
  window.removeEventListener('storage', onStorage);
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = 'anonymous';
  script.src = entry;
  if (onError) script.onerror = onError;
  document.head.append(script);
}

// The browser's own focus of the autofocus field (the identifier) as the page loads is nobody's
// action: the first focus of such a field is not counted.
let autofocusSeen = false;
function onInteraction(event: Event) {
  if (
    event.type === 'focusin' &&
    !autofocusSeen &&
    event.target instanceof Element &&
    event.target.hasAttribute('autofocus')
  ) {
    autofocusSeen = true;
    return;
  }
  startSpa();
}

function onStorage(event: StorageEvent) {
  if (event.key === STORAGE_KEYS.admin || event.key === null) startSpa();
}

/**
 * The page is prerendered in English. A visitor who chose Hindi (issue 20) must not see it: the
 * page is hidden, says it is Hindi, and starts the SPA at once, which renders the page in Hindi
 * in place of the English one (main.tsx) and shows it once rendered. Should the SPA not load,
 * the English page shows rather than nothing.
 */
function startInLanguage() {
  const root = document.documentElement;
  root.lang = 'hi';
  root.style.visibility = 'hidden';
  const show = () => root.style.removeProperty('visibility');
  document.addEventListener(APP_STARTED_EVENT, show, { once: true });
  startSpa(show);
}

if (leaveIfSignedIn()) {
  document.documentElement.style.visibility = 'hidden';
} else if (readLanguageChoice() !== 'en' && entry) {
  startInLanguage();
} else if (entry) {
  for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, LISTENER);
  window.addEventListener('storage', onStorage);
}

// The form is on screen before React has hydrated it; sent in that moment, the browser would post
// the page away. Native sending is never wanted here (the app's forms all send through React): a
// form sent before the app has started is held, and sent again once React listens. (A click or
// key that sends the form once React listens makes React hydrate and start at once, before the
// submit that follows; a submit alone, as assistive technology may send it, React leaves alone
// until it has hydrated the form, and it is held as before.)
let held: HTMLFormElement | null = null;
let started = false;
document.addEventListener(
  'submit',
  (event) => {
    event.preventDefault();
    if (started || !(event.target instanceof HTMLFormElement)) return;
    held = event.target;
    startSpa();
  },
  true,
);
// A click on one of the page's buttons (showing the password) before React listens would be lost:
// it is held too, and made again once the app has started. From `hydrateRoot` on
// (APP_LISTENING_EVENT) React takes clicks itself, hydrating at once what they touch; held then,
// a click would be made twice.
let listening = false;
const heldClicks: HTMLButtonElement[] = [];
document.addEventListener(
  'click',
  (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (listening || !(button instanceof HTMLButtonElement)) return;
    heldClicks.push(button);
    startSpa();
  },
  true,
);
document.addEventListener(APP_LISTENING_EVENT, () => (listening = true), { once: true });
document.addEventListener(
  APP_STARTED_EVENT,
  () => {
    listening = true;
    started = true;
    for (const button of heldClicks.splice(0)) button.click();
    held?.requestSubmit();
    held = null;
  },
  { once: true },
);
