import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { clearNotification } from '@/lib/store/notification-slice';

/**
 * Shows what code outside React put in the `notification` slice (e.g. the 401 handler's
 * "Invalid or expired token") as a toast, then clears it so it shows once.
 */
export function NotificationToaster() {
  const { message, type } = useAppSelector((state) => state.notification);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!message) return;
    toast(message, { type: type || 'info', toastId: `${type}:${message}` });
    dispatch(clearNotification());
  }, [message, type, dispatch]);

  return null;
}
