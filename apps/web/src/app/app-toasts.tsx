import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { loadToastify, onToastifyRequested, toastifyRequested } from '@/lib/toast';

const ToastContainer = lazy(() => loadToastify().then((library) => ({ default: library.ToastContainer })));

/**
 * The app's toast container, mounted from the first toast on (issue 18): react-toastify's code is
 * not part of any screen's first paint. Once mounted it stays, as the container always did.
 */
export function AppToasts(props: ToastContainerProps) {
  const requested = useSyncExternalStore(onToastifyRequested, toastifyRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <ToastContainer {...props} />
    </Suspense>
  ) : null;
}
