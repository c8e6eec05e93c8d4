/** Where the build writes the student app's service worker, and the part of the site it serves. */
export const STUDENT_SW_URL = '/student/sw.js';
export const STUDENT_SCOPE = '/student/';
/**
 * Home, with its slash: `/student` is outside the worker's scope, so a page there would not open
 * offline. The app links here, and the entry moves a visitor from `/student` to it.
 */
export const STUDENT_HOME = '/student/';

/**
 * Registers the service worker of the production build (the dev server has none: its modules are
 * not hashed files a worker could keep). `updateViaCache: 'none'` makes the browser check sw.js
 * itself on every start, so a new release's worker is found at once.
 */
export function registerStudentServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register(STUDENT_SW_URL, { scope: STUDENT_SCOPE, updateViaCache: 'none' }).catch(() => {
    // No worker (a private window, an insecure origin): the app still works online.
  });
}
