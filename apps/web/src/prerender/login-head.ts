import './color-scheme';
import { APP_STARTED_EVENT } from './app-started';
import { leaveIfSignedIn } from './login-guard';

/**
 * The prerendered sign-in page's blocking script in <head>, so it runs before the first paint:
 * the saved theme (color-scheme), the route's guard, which sends a signed-in admin to the
 * dashboard without showing the form (the SPA would otherwise hydrate a form it then replaces),
 * and the start of the SPA, which hydrates the page, once the page has painted.
 */

/**
 * Loads the SPA's entry (`data-spa` on this script, written by scripts/prerender.mjs) after the
 * first paint: on a slow phone the page's HTML paints without its 240 kB of JavaScript competing
 * for the network and the processor; the form is usable once the SPA has hydrated it.
 */
function startSpaAfterFirstPaint(entry: string) {
  const load = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.append(script);
  };
  // A hidden tab paints nothing, so it would wait for ever: it loads at once.
  const afterPaint = () => (document.hidden ? load() : requestAnimationFrame(() => setTimeout(load)));
  document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
}

const entry = document.currentScript?.dataset.spa;
if (leaveIfSignedIn()) {
  document.documentElement.style.visibility = 'hidden';
} else if (entry) {
  startSpaAfterFirstPaint(entry);
}

// The form is on screen before React has hydrated it; sent in that moment, the browser would post
// the page away. Native sending is never wanted here (the app's forms all send through React): a
// form sent before the app has started is held, and sent again once React listens.
let held: HTMLFormElement | null = null;
let started = false;
document.addEventListener(
  'submit',
  (event) => {
    event.preventDefault();
    if (!started && event.target instanceof HTMLFormElement) held = event.target;
  },
  true,
);
document.addEventListener(
  APP_STARTED_EVENT,
  () => {
    started = true;
    held?.requestSubmit();
    held = null;
  },
  { once: true },
);
