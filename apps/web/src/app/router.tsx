import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigator } from '@/lib/navigation';
import { routes } from './routes';

const router = createBrowserRouter(routes);

// The API client's 401 handler navigates through the router, without a page reload.
setNavigator((to) => void router.navigate(to));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
