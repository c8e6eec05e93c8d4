import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { studentAppMessages as text } from '@app/shared';
import { onSignedOut } from './api/client';
import { StudentTheme } from './components/StudentTheme';
import { studentRoutes } from './routes';

/** The student app: its theme and its router, nothing of the admin app's. */
export function StudentApp({ routes = studentRoutes }: { routes?: RouteObject[] }) {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => {
    document.title = text.appName;
    // A 401 (the library unpaired this phone, or the student signed out elsewhere) goes to Join.
    onSignedOut(() => void router.navigate('/student/join', { replace: true, state: { signedOut: true } }));
    return () => onSignedOut(undefined);
  }, [router]);
  return (
    <StudentTheme>
      <RouterProvider router={router} />
    </StudentTheme>
  );
}
