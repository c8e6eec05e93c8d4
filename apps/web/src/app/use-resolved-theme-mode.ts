import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppSelector } from '@/lib/store/hooks';
import type { ResolvedMode } from './theme';

/** The mode to paint: the chosen one, or the device's preference when 'system' is chosen. */
export function useResolvedThemeMode(): ResolvedMode {
  const mode = useAppSelector((state) => state.theme.mode);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  if (mode === 'system') return prefersDark ? 'dark' : 'light';
  return mode;
}
