import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { setNavigator } from '@/lib/navigation';
import { createAppStore } from '@/lib/store';

/**
 * Renders the whole app (store, theme, toasts, the real routes) at `path`, with the
 * router in memory. Put a session in local storage first to start signed in.
 */
export function renderApp(path: string) {
  const store = createAppStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to) => void router.navigate(to));
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, store, router };
}
