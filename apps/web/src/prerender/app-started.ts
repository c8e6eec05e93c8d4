/**
 * The event main.tsx dispatches on `document` as it calls `hydrateRoot` on a prerendered page:
 * React listens to the page from then on, and a click or key on a part it has not hydrated yet
 * makes it hydrate that part at once and handle the event. The sign-in page's head script
 * (login-head.ts) stops holding the visitor's clicks then, so none is handled twice.
 */
export const APP_LISTENING_EVENT = 'app:listening';

/**
 * The event the app dispatches on `document` once its first render is committed (a prerendered
 * page hydrated, see app/router.tsx): the sign-in page's head script (login-head.ts) then sends
 * again a form the visitor sent, and clicks again a button the visitor clicked, before React
 * listened, for React to handle.
 */
export const APP_STARTED_EVENT = 'app:started';
