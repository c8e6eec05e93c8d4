import { useEffect } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { setNavigator } from '@/lib/navigation';
import { APP_STARTED_EVENT } from '@/prerender/app-started';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Loads the lazy route modules the current address needs, before a prerendered page is hydrated:
 * the first render must be the page the server rendered, not the route table's loading fallback
 * (React Router's advice for lazy routes with server rendering).
 */
export async function loadRoutesFor(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/** The app's router; the API client's 401 handler navigates through it, without a page reload. */
export function createAppRouter(): Router {
  const router = createBrowserRouter(routes);
  setNavigator((to) => void router.navigate(to));
  return router;
}

export function AppRouter({ router }: { router: Router }) {
  // After the first commit, hydration included: a prerendered page's script may hand over now.
  useEffect(() => void document.dispatchEvent(new Event(APP_STARTED_EVENT)), []);
  return <RouterProvider router={router} />;
}
