import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { GuestOnly } from './guards/GuestOnly';
import { RequireAuth } from './guards/RequireAuth';
import { RootLayout } from './layouts/RootLayout';

/**
 * SPEC.md §2 routes. Every screen is a lazy chunk, so the landing and sign-in pages never
 * download the /app shell. No errorElement: the data router's default error page
 * ("Unexpected Application Error!") is the spec's.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })) },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })) },
          { path: '/register', lazy: () => import('./routes/register').then((m) => ({ Component: m.RegisterRoute })) },
          {
            path: '/forgot-password',
            lazy: () => import('./routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
          },
        ],
      },
      // Issue 16: the invitation link (token in the fragment), open whether signed in or not.
      { path: '/invite', lazy: () => import('./routes/invite').then((m) => ({ Component: m.InviteRoute })) },
      // Issue 16: the emailed reset link (token in the fragment), open whether signed in or not.
      {
        path: '/reset-password',
        lazy: () => import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: '/app',
        element: <RequireAuth />,
        children: [
          {
            // The shell, once the signed-in person has their own password (issue 16).
            lazy: () => import('./guards/SignedInShell').then((m) => ({ Component: m.SignedInShell })),
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              {
                path: 'dashboard',
                lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
              },
              {
                path: 'check-in',
                lazy: () => import('./routes/check-in').then((m) => ({ Component: m.CheckInRoute })),
              },
              {
                path: 'attendance',
                lazy: () => import('./routes/attendance').then((m) => ({ Component: m.AttendanceRoute })),
              },
              { path: 'student', lazy: () => import('./routes/student').then((m) => ({ Component: m.StudentsRoute })) },
              {
                path: 'student/addstudent/:user_id?',
                lazy: () => import('./routes/student-form').then((m) => ({ Component: m.StudentFormRoute })),
              },
              { path: 'area', lazy: () => import('./routes/area').then((m) => ({ Component: m.AreaRoute })) },
              { path: 'seats', lazy: () => import('./routes/seats').then((m) => ({ Component: m.SeatsRoute })) },
              {
                path: 'notifications',
                lazy: () => import('./routes/notifications').then((m) => ({ Component: m.NotificationsRoute })),
              },
              {
                path: 'activity',
                lazy: () => import('./routes/activity').then((m) => ({ Component: m.ActivityRoute })),
              },
              {
                path: 'subscription',
                lazy: () => import('./routes/subscription').then((m) => ({ Component: m.SubscriptionRoute })),
              },
              {
                path: 'fee-report',
                lazy: () => import('./routes/fee-report').then((m) => ({ Component: m.FeeReportRoute })),
              },
              { path: 'dues', lazy: () => import('./routes/dues').then((m) => ({ Component: m.DuesRoute })) },
              {
                path: 'day-book',
                lazy: () => import('./routes/day-book').then((m) => ({ Component: m.DayBookRoute })),
              },
              {
                path: 'expenses',
                lazy: () => import('./routes/expenses').then((m) => ({ Component: m.ExpensesRoute })),
              },
              { path: 'profit', lazy: () => import('./routes/profit').then((m) => ({ Component: m.ProfitRoute })) },
              {
                path: 'receipts/:paymentId',
                lazy: () => import('./routes/receipt').then((m) => ({ Component: m.ReceiptRoute })),
              },
              {
                path: 'settings',
                lazy: () => import('./routes/settings').then((m) => ({ Component: m.SettingsRoute })),
              },
              { path: 'team', lazy: () => import('./routes/team').then((m) => ({ Component: m.TeamRoute })) },
              // The dashboard's links (SPEC.md §2, DESIGN.md §6): transactions are the fee report,
              // users the student list, premium users that list filtered.
              {
                path: 'transactions',
                lazy: () => import('./routes/fee-report').then((m) => ({ Component: m.FeeReportRoute })),
              },
              { path: 'users', element: <Navigate to="/app/student" replace /> },
              { path: 'users/premium', element: <Navigate to="/app/student?type=premium" replace /> },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
