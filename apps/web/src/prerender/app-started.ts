/**
 * The event the app dispatches on `document` once its first render is committed (a prerendered
 * page hydrated, see app/router.tsx): the sign-in page's head script (login-head.ts) then sends
 * again a form the visitor sent before the app had started, for React to handle.
 */
export const APP_STARTED_EVENT = 'app:started';
