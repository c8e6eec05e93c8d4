import './color-scheme';
import { keepLanguageInStep } from './landing-language';

/**
 * The landing page's blocking script in <head> (both of its files, landing.html and
 * landing.hi.html), run before the first paint: the saved theme (color-scheme), and the page's
 * language kept in step with the device's choice (landing-language, issue 20). The build writes it
 * as the landing page's `color-scheme-<hash>.js` (scripts/prerender.mjs): the colour-scheme script
 * of this page.
 */
keepLanguageInStep();
