import { useCallback } from 'react';
import { toast } from '@/lib/toast';
import { TOAST_MS, type NotificationPayload, notificationMessages } from '@app/shared';
import { useSendPushNotificationMutation } from '../api/notifications-api';

const toastOptions = { autoClose: TOAST_MS.notifications };

/**
 * Sends a push notification; returns whether the server confirmed it (SPEC.md §8
 * Notification). When it was stored but can reach no phone (none paired, or no push
 * provider on the server), the server's explanation follows the spec's success toast.
 */
export function useSendNotification() {
  const [send, { isLoading }] = useSendPushNotificationMutation();

  const sendNotification = useCallback(
    async (payload: NotificationPayload): Promise<boolean> => {
      const result = await send(payload);
      if (result.data?.status === 'success') {
        toast.success(notificationMessages.sent, toastOptions);
        const data = result.data.data;
        if ((data?.devices === 0 || data?.deliverable === false) && result.data.message) {
          toast.warning(result.data.message, { autoClose: TOAST_MS.default });
        }
        return true;
      }
      toast.error(notificationMessages.failed, toastOptions);
      return false;
    },
    [send],
  );

  return { sendNotification, isSending: isLoading };
}
