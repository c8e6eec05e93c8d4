import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@app/shared';
import type { AppStore } from '@/lib/store';
import { NotificationToaster } from './notification-toaster';
import { SessionSync } from './session-sync';
import { createAppTheme } from './theme';
import { useResolvedThemeMode } from './use-resolved-theme-mode';

function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useResolvedThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {/* Toasts speak in the app's type and surfaces rather than react-toastify's defaults. */}
      <GlobalStyles
        styles={{
          ':root': {
            '--toastify-font-family': theme.typography.fontFamily,
            '--toastify-color-dark': theme.palette.background.paper,
            '--toastify-toast-bd-radius': `${theme.shape.borderRadius}px`,
          },
        }}
      />
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_MS.default} theme={mode} newestOnTop />
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
