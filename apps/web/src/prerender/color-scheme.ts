import { readStoredTheme } from '@/lib/stored-theme';
import { applyColorScheme } from './apply-color-scheme';

/**
 * Blocking script in the <head> of every page the build writes (the landing and sign-in pages and
 * the SPA's index.html), so the first paint already has the saved theme: it puts the `light` or
 * `dark` class on <html>, which the CSS-variables theme keys its colours on (app/theme.ts). In the
 * SPA, MUI's ThemeProvider then keeps the same class. Without JavaScript the page paints light.
 */
const prefersDark = window.matchMedia('(prefers-color-scheme: dark)');
const paint = () => applyColorScheme(document.documentElement, readStoredTheme(), prefersDark.matches);
paint();
// 'system' follows the device live; the choice is read again, as the app may have changed it since.
prefersDark.addEventListener('change', paint);
