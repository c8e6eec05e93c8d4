import { useEffect } from 'react';
import { toast } from '@/lib/toast';

/**
 * Toasts `failure` (SPEC.md §8) while it is set: once per failed fetch, as `error` is a new
 * object each time. `autoClose` is the feature's toast time, the container's by default.
 */
export function useFailureToast(failure: string | undefined, error: unknown, autoClose?: number) {
  useEffect(() => {
    if (failure) toast.error(failure, autoClose === undefined ? undefined : { autoClose });
  }, [failure, error, autoClose]);
}
