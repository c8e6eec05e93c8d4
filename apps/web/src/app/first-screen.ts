import { DEFAULT_DASHBOARD_PERIOD } from '@app/shared';
import { sendEarly } from '@/lib/early-requests';
import { readSession } from '@/lib/session';

/**
 * What a cold visit to the dashboard needs before it can show anything (issue 18), asked for as
 * the entry starts rather than one after another: the signed-in shell's and the screen's chunks
 * (React Router would ask for them only once the app's own chunks had loaded and run), and the
 * calls the shell and the screen make as they mount (`/auth/me`, then the dashboard's figures,
 * and its cards' calls, which the screen makes only once the figures are in). Each call is the
 * one its endpoint asks (features/auth/api, features/dashboard/api): the API client takes the
 * answer instead of asking again (lib/early-requests).
 */
export const DASHBOARD_CALLS = [
  `/dashboard/${DEFAULT_DASHBOARD_PERIOD}`,
  '/dues/summary',
  '/profit?months=1',
  '/attendance/inside',
];

const DASHBOARD_PATHS = new Set(['/app', '/app/', '/app/dashboard', '/app/dashboard/']);

/**
 * Starts the first screen's chunks and calls for `pathname`, when it is an /app screen and a
 * session is stored (without one the guard sends the visitor to /login). Called by main.tsx once
 * the page's language is fixed: the chunks' modules read their texts as they load.
 */
export function startFirstScreen(pathname: string): void {
  if (!pathname.startsWith('/app')) return;
  const session = readSession();
  if (!session) return;
  void import('./guards/SignedInShell');
  // A person still on a one-time password sees only the screen to choose their own.
  const dashboard = DASHBOARD_PATHS.has(pathname) && !session.mustChangePassword;
  if (dashboard) void import('./routes/dashboard');
  sendEarly(dashboard ? ['/auth/me', ...DASHBOARD_CALLS] : ['/auth/me']);
}
