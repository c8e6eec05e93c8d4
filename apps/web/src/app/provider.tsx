import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import type { ThemeMode } from '@app/shared';
import type { AppStore } from '@/lib/store';
import { useAppSelector } from '@/lib/store/hooks';
import { TOAST_OPTIONS } from '@/lib/toast-options';
import { AppToasts } from './app-toasts';
import { NotificationToaster } from './notification-toaster';
import { SessionSync } from './session-sync';
import { ToastStyles } from './toast-styles';
import { createAppTheme } from './theme';
import { useResolvedThemeMode } from './use-resolved-theme-mode';

const theme = createAppTheme();

/** Hands the store's theme choice (SPEC.md §3 `theme`) to MUI, which paints it and follows the device for 'system'. */
function ColorSchemeFromStore({ mode }: { mode: ThemeMode }) {
  const { setMode } = useColorScheme();
  useEffect(() => setMode(mode), [mode, setMode]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.theme.mode);
  const toastTheme = useResolvedThemeMode();
  return (
    // The theme slice is the one place the choice is kept and saved: MUI stores nothing itself.
    // `forceThemeRerender` keeps `theme.palette` on the painted scheme for the screens that read it.
    <ThemeProvider theme={theme} defaultMode={mode} storageManager={null} forceThemeRerender>
      <ColorSchemeFromStore mode={mode} />
      <CssBaseline enableColorScheme />
      <ToastStyles />
      {children}
      <AppToasts {...TOAST_OPTIONS} theme={toastTheme} />
      <NotificationToaster />
      <SessionSync />
    </ThemeProvider>
  );
}

/** Everything the screens rely on: the store, the theme and the toasts. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}
