import type { NotificationPayload } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Succeeds when the answer's `status` is the text "success" (SPEC.md §7).
    sendPushNotification: build.mutation<ApiEnvelope, NotificationPayload>({
      query: (body) => ({ url: '/admin/sendFCMNotificationToAllUsers', method: 'POST', body }),
    }),
  }),
});

export const { useSendPushNotificationMutation } = notificationsApi;
