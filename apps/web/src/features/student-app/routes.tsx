import { Navigate, Outlet, type RouteObject } from 'react-router';
import { readStudentSession } from './api/session';
import { StudentLayout } from './components/StudentLayout';
import { JoinPage } from './components/JoinPage';
import { HomePage } from './components/HomePage';
import { PassPage } from './components/PassPage';
import { PaymentsPage } from './components/PaymentsPage';
import { InboxPage } from './components/InboxPage';
import { LibraryPage } from './components/LibraryPage';
import { StudentNotFound } from './components/StudentNotFound';

/** Screens for a signed-in student only; without a session on this phone, Join. */
function RequireStudent() {
  return readStudentSession() ? <Outlet /> : <Navigate to="/student/join" replace />;
}

/**
 * The student app's routes, all under /student (the service worker's scope). The screens are
 * small and the app must open offline, so they are in the one student bundle; only the QR
 * drawing (the qrcode library) is a lazy chunk, which the service worker keeps too.
 */
export const studentRoutes: RouteObject[] = [
  { path: '/student/join', element: <JoinPage /> },
  {
    element: <RequireStudent />,
    children: [
      {
        path: '/student',
        element: <StudentLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'pass', element: <PassPage /> },
          { path: 'payments', element: <PaymentsPage /> },
          { path: 'inbox', element: <InboxPage /> },
          { path: 'library', element: <LibraryPage /> },
          { path: '*', element: <StudentNotFound /> },
        ],
      },
    ],
  },
];
