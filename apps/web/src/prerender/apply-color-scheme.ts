import type { ThemeMode } from '@app/shared';
import type { ResolvedMode } from '@/app/theme';

/** The scheme to paint for a theme choice: the choice itself, or the device's preference for 'system'. */
export function resolveColorScheme(mode: ThemeMode, prefersDark: boolean): ResolvedMode {
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}

/**
 * Marks `root` with the scheme's class as MUI's ThemeProvider does for `colorSchemeSelector: 'class'`
 * (app/theme.ts): `dark` or `light`, never both.
 */
export function applyColorScheme(root: Element, mode: ThemeMode, prefersDark: boolean): void {
  const scheme = resolveColorScheme(mode, prefersDark);
  root.classList.remove(scheme === 'dark' ? 'light' : 'dark');
  root.classList.add(scheme);
}
