import { TOAST_MS } from '@app/shared';

/**
 * How the app's toasts show (SPEC.md §8): top right, newest on top, closing after the default
 * time. The app's ToastContainer and the prerendered sign-in page's own toaster both follow it.
 */
export const TOAST_OPTIONS = { position: 'top-right', autoClose: TOAST_MS.default, newestOnTop: true } as const;
