import type { z } from 'zod';
import type { DayBook, paymentCreateSchema, paymentResultSchema, SubscriptionAccount } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS, PAYMENT_TAGS } from '@/lib/api-tags';
import { fileExportQuery, type FileExport } from '@/lib/file-export';

type PaymentBody = z.output<typeof paymentCreateSchema>;
type PaymentResult = z.infer<typeof paymentResultSchema>;

const api = baseApi.enhanceEndpoints({ addTagTypes: [...PAYMENT_TAGS] });

/** The payments calls (API modules/payments): record a payment, a subscription's account, the day book. */
const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordPayment: build.mutation<PaymentResult, { subscriptionId: string; body: PaymentBody; idempotencyKey: string }>(
      {
        query: ({ subscriptionId, body, idempotencyKey }) => ({
          url: `/subscription/${encodeURIComponent(subscriptionId)}/payments`,
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        transformResponse: (response: ApiEnvelope<PaymentResult>) => response.data as PaymentResult,
        invalidatesTags: [...PAYMENT_TAGS],
      },
    ),
    getSubscriptionAccount: build.query<SubscriptionAccount, string>({
      query: (subscriptionId) => `/subscription/${encodeURIComponent(subscriptionId)}/payments`,
      transformResponse: (response: ApiEnvelope<SubscriptionAccount>) => response.data as SubscriptionAccount,
      providesTags: [API_TAGS.subscriptions],
    }),
    getDayBook: build.query<DayBook, string>({
      query: (date) => ({ url: '/day-book', params: { date } }),
      transformResponse: (response: ApiEnvelope<DayBook>) => response.data as DayBook,
      providesTags: [API_TAGS.dayBook],
    }),
    exportDayBook: build.mutation<FileExport, string>({
      query: (date) => fileExportQuery('/day-book/export', { date }, `day-book-${date}.csv`),
    }),
  }),
});

export const {
  useRecordPaymentMutation,
  useGetSubscriptionAccountQuery,
  useGetDayBookQuery,
  useExportDayBookMutation,
} = paymentsApi;
