import type {
  NotificationPage,
  NotificationPayload,
  NotificationSendResult,
  PairingCodeResult,
  StudentPairing,
} from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

export interface NotificationListArgs {
  page: number;
  limit: number;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Notification', 'StudentPairing'] });

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Succeeds when the answer's `status` is the text "success" (SPEC.md §7).
    sendPushNotification: build.mutation<ApiEnvelope<NotificationSendResult>, NotificationPayload>({
      query: (body) => ({ url: '/admin/sendFCMNotificationToAllUsers', method: 'POST', body }),
      invalidatesTags: ['Notification'],
    }),
    listNotifications: build.query<NotificationPage, NotificationListArgs>({
      query: (params) => ({ url: '/admin/notifications', params }),
      transformResponse: (response: ApiEnvelope<NotificationPage>) => response.data as NotificationPage,
      providesTags: ['Notification'],
    }),
    getStudentPairing: build.query<StudentPairing, string>({
      query: (studentId) => `/user/${encodeURIComponent(studentId)}/devices`,
      transformResponse: (response: ApiEnvelope<StudentPairing>) => response.data as StudentPairing,
      providesTags: (_result, _error, studentId) => [{ type: 'StudentPairing', id: studentId }],
      keepUnusedDataFor: 0,
    }),
    makePairingCode: build.mutation<PairingCodeResult, string>({
      query: (studentId) => ({ url: `/user/${encodeURIComponent(studentId)}/pairing-code`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope<PairingCodeResult>) => response.data as PairingCodeResult,
      invalidatesTags: (_result, _error, studentId) => [{ type: 'StudentPairing', id: studentId }],
    }),
    unpairDevice: build.mutation<ApiEnvelope<null>, { studentId: string; deviceId: string }>({
      query: ({ studentId, deviceId }) => ({
        url: `/user/${encodeURIComponent(studentId)}/devices/${encodeURIComponent(deviceId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { studentId }) => [{ type: 'StudentPairing', id: studentId }],
    }),
    // Signs one phone out of the student app (issue 15): its pass stops working, its push goes.
    unpairStudentSession: build.mutation<ApiEnvelope<null>, { studentId: string; sessionId: string }>({
      query: ({ studentId, sessionId }) => ({
        url: `/user/${encodeURIComponent(studentId)}/sessions/${encodeURIComponent(sessionId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { studentId }) => [{ type: 'StudentPairing', id: studentId }],
    }),
  }),
});

export const {
  useSendPushNotificationMutation,
  useListNotificationsQuery,
  useGetStudentPairingQuery,
  useMakePairingCodeMutation,
  useUnpairDeviceMutation,
  useUnpairStudentSessionMutation,
} = notificationsApi;
