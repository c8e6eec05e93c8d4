import { STORAGE_KEYS, THEME_MODES, type ThemeMode } from '@app/shared';
import { DARK_MODE_ATTRIBUTE } from './landing-mode';

/**
 * The prerendered landing page's theme, loaded as a blocking script in <head> so the first paint
 * already has it: the saved choice (light when none, as the app's theme slice reads it), and the
 * device's preference while 'system' is saved. Without JavaScript the page paints light.
 */
function savedMode(): ThemeMode {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEYS.theme);
    return (THEME_MODES as readonly (string | null)[]).includes(saved) ? (saved as ThemeMode) : 'light';
  } catch {
    return 'light';
  }
}

const mode = savedMode();
const prefersDark = window.matchMedia('(prefers-color-scheme: dark)');
const paint = () => {
  const dark = mode === 'dark' || (mode === 'system' && prefersDark.matches);
  document.documentElement.toggleAttribute(DARK_MODE_ATTRIBUTE, dark);
};
paint();
if (mode === 'system') prefersDark.addEventListener('change', paint);
