import type * as Toastify from './toastify';
import type { Id, ToastContent, ToastOptions, TypeOptions } from 'react-toastify';

let toastify: Promise<typeof Toastify> | undefined;
const listeners = new Set<() => void>();

/**
 * react-toastify, loaded the first time the app has something to say (issue 18): no screen's first
 * paint carries it. The app's container (`AppToasts`) mounts then; a toast sent before it is mounted
 * waits in react-toastify's own queue and shows as the container mounts.
 */
export function loadToastify(): Promise<typeof Toastify> {
  if (!toastify) {
    toastify = import('./toastify');
    listeners.forEach((listener) => listener());
  }
  return toastify;
}

/** Whether a toast has been asked for (the container mounts from then on). */
export const toastifyRequested = () => toastify !== undefined;

export function onToastifyRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const show =
  (type?: TypeOptions) =>
  (content: ToastContent, options?: ToastOptions): void => {
    void loadToastify().then((library) => library.toast(content, type ? { ...options, type } : options));
  };

/**
 * The app's toasts (SPEC.md §8), as react-toastify's `toast` is called: `toast(text, options)`,
 * `toast.success`, `toast.error`, `toast.info`, `toast.warning`. They show once the library has
 * loaded (at once after the first).
 */
export const toast = Object.assign(show(), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
});

export type { Id, ToastOptions };
