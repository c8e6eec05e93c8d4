import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastContainer } from 'react-toastify';
import type { AppStore } from '@/lib/store';
import { TOAST_OPTIONS } from '@/lib/toast-options';
import { NotificationToaster } from './notification-toaster';
import { SessionSync } from './session-sync';
import { ToastStyles } from './toast-styles';
import { createAppTheme } from './theme';
import { useResolvedThemeMode } from './use-resolved-theme-mode';

function ThemedApp({ children }: { children: ReactNode }) {
  const mode = useResolvedThemeMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <ToastStyles />
      {children}
      <ToastContainer {...TOAST_OPTIONS} theme={mode} />
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
