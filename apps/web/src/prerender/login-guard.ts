import { readSession } from '@/lib/session';

/** Where a signed-in admin goes from the sign-in page, as the React route's guard (GuestOnly) sends them. */
export const SIGNED_IN_HOME = '/app/dashboard';

/**
 * Sends a visitor with a valid stored session to the dashboard at once, as the `/login` route's
 * guard does (SPEC.md §2); an invalid stored session is dropped, as the app's store does on start.
 * Returns whether the page is being left.
 */
export function leaveIfSignedIn(): boolean {
  if (!readSession()) return false;
  window.location.replace(SIGNED_IN_HOME);
  return true;
}
