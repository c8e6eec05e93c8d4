import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { messages, TOAST_MS, type NotificationPayload } from '@app/shared';
import { useSendPushNotificationMutation } from '../api/notifications-api';

const toastOptions = { autoClose: TOAST_MS.notifications };

/** Sends a push notification; returns whether the server confirmed it (SPEC.md §8 Notification). */
export function useSendNotification() {
  const [send, { isLoading }] = useSendPushNotificationMutation();

  const sendNotification = useCallback(
    async (payload: NotificationPayload): Promise<boolean> => {
      const result = await send(payload);
      if (result.data?.status === 'success') {
        toast.success(messages.notification.sent, toastOptions);
        return true;
      }
      toast.error(messages.notification.failed, toastOptions);
      return false;
    },
    [send],
  );

  return { sendNotification, isSending: isLoading };
}
