import type { z } from 'zod';
import type {
  DayBook,
  LibrarySettingsRecord,
  paymentAdjustmentSchema,
  paymentCreateSchema,
  paymentResultSchema,
  paymentVoidSchema,
  SubscriptionAccount,
} from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS, CORRECTION_TAGS, PAYMENT_TAGS } from '@/lib/api-tags';
import { fileExportQuery, type FileExport } from '@/lib/file-export';

type PaymentBody = z.output<typeof paymentCreateSchema>;
type PaymentResult = z.infer<typeof paymentResultSchema>;
type VoidBody = z.output<typeof paymentVoidSchema>;
type AdjustmentBody = z.output<typeof paymentAdjustmentSchema>;

/** What the settings say about tax, for Record Payment's place of supply: the GSTIN, null when not registered. */
export interface PaymentTaxSettings {
  gstin: string | null;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: [...CORRECTION_TAGS, API_TAGS.settings] });

/**
 * The payments calls (API modules/payments): record a payment, void or adjust one (issue 14),
 * a subscription's account, the day book.
 */
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
    voidPayment: build.mutation<PaymentResult, { paymentId: string; body: VoidBody; idempotencyKey: string }>({
      query: ({ paymentId, body, idempotencyKey }) => ({
        url: `/payments/${encodeURIComponent(paymentId)}/void`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (response: ApiEnvelope<PaymentResult>) => response.data as PaymentResult,
      invalidatesTags: [...CORRECTION_TAGS],
    }),
    adjustPayment: build.mutation<PaymentResult, { paymentId: string; body: AdjustmentBody; idempotencyKey: string }>({
      query: ({ paymentId, body, idempotencyKey }) => ({
        url: `/payments/${encodeURIComponent(paymentId)}/adjustments`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (response: ApiEnvelope<PaymentResult>) => response.data as PaymentResult,
      invalidatesTags: [...CORRECTION_TAGS],
    }),
    /** Whether the library is registered for GST (GET /settings): Record Payment then asks the place of supply. */
    getPaymentTaxSettings: build.query<PaymentTaxSettings, void>({
      query: () => '/settings',
      transformResponse: (response: ApiEnvelope<LibrarySettingsRecord>) => ({ gstin: response.data?.gstin ?? null }),
      providesTags: [API_TAGS.settings],
    }),
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
  useVoidPaymentMutation,
  useAdjustPaymentMutation,
  useGetPaymentTaxSettingsQuery,
  useGetSubscriptionAccountQuery,
  useGetDayBookQuery,
  useExportDayBookMutation,
} = paymentsApi;
