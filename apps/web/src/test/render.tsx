import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { setNavigator } from '@/lib/navigation';
import { createAppStore } from '@/lib/store';
import type { AdminSession } from '@app/shared';
import { fakeSession, storeSession } from './fixtures';

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

/**
 * Signs in (a stored session), renders the app at `path` and waits for the screen's
 * `heading`: the first render imports the lazy shell and screen cold, slow on a loaded machine.
 * `session` signs in someone else (a desk person: `{ ...fakeSession, role: 'desk' }`).
 */
export async function openSignedIn(path: string, heading: string, session: AdminSession = fakeSession) {
  storeSession(session);
  const view = renderApp(path);
  await screen.findByRole('heading', { name: heading }, { timeout: 10_000 });
  return view;
}

/**
 * How long a test waits for a dialog that is a lazy chunk (issue 18): its module is transformed on
 * first import, which takes more than findBy's default second on a busy machine.
 */
export const LAZY_DIALOG_TIMEOUT = 10_000;
