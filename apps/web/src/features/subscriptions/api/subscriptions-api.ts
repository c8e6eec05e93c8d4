import type {
  Availability,
  StudentLookup,
  Subscription,
  SubscriptionCreateInput,
  SubscriptionRenewInput,
  SubscriptionUpdateInput,
  subscriptionListSchema,
  SUBSCRIPTION_FILTERS,
  SUBSCRIPTION_SORT_KEYS,
} from '@app/shared';
import type { z } from 'zod';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

type SubscriptionPage = z.infer<typeof subscriptionListSchema>;
export type SubscriptionSortKey = (typeof SUBSCRIPTION_SORT_KEYS)[number];
export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];

interface SubscriptionListArgs {
  page: number;
  limit: number;
  sortBy: SubscriptionSortKey;
  sortOrder: 'ASC' | 'DESC';
  search?: string;
  status?: SubscriptionFilter;
}

export interface AvailabilityArgs {
  joining_date: string;
  start_time: string;
  end_time: string;
  duration?: number;
  /** When editing: the subscription's own place does not count against it. */
  exclude_id?: string;
}

// A booking changes the seats' live state (occupied, reserved), the areas' free counts and
// the fee report, so writes invalidate those lists too.
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Subscription', 'Seat', 'Area', 'Fee'] });
const WRITE_TAGS = ['Subscription', 'Seat', 'Area', 'Fee'] as const;

/** The subscription calls of SPEC.md §7, and the student lookup the Add dialog makes. */
const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSubscriptions: build.query<SubscriptionPage, SubscriptionListArgs>({
      query: ({ search, status, ...params }) => ({
        url: '/subscription',
        params: { ...params, ...(search ? { search } : {}), ...(status ? { status } : {}) },
      }),
      transformResponse: (response: ApiEnvelope<SubscriptionPage>) => response.data as SubscriptionPage,
      providesTags: ['Subscription'],
    }),
    getSubscription: build.query<Subscription, string>({
      query: (id) => `/subscription/${encodeURIComponent(id)}`,
      transformResponse: (response: ApiEnvelope<Subscription>) => response.data as Subscription,
      keepUnusedDataFor: 0,
    }),
    checkAvailability: build.query<Availability, AvailabilityArgs>({
      query: (params) => ({ url: '/subscription/available', params }),
      transformResponse: (response: ApiEnvelope<Availability>) => response.data as Availability,
      keepUnusedDataFor: 0,
    }),
    lookupStudent: build.query<StudentLookup, string>({
      query: (mobile) => `/user/mobile/${encodeURIComponent(mobile)}`,
      transformResponse: (response: ApiEnvelope<StudentLookup>) => response.data as StudentLookup,
      keepUnusedDataFor: 0,
    }),
    createSubscription: build.mutation<
      ApiEnvelope<Subscription>,
      { body: SubscriptionCreateInput; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        url: '/subscription',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    updateSubscription: build.mutation<ApiEnvelope<Subscription>, { id: string; body: SubscriptionUpdateInput }>({
      query: ({ id, body }) => ({ url: `/subscription/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [...WRITE_TAGS],
    }),
    renewSubscription: build.mutation<
      ApiEnvelope<Subscription>,
      { id: string; body: SubscriptionRenewInput; idempotencyKey: string }
    >({
      query: ({ id, body, idempotencyKey }) => ({
        url: `/subscription/renew/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: [...WRITE_TAGS],
    }),
  }),
});

export const {
  useListSubscriptionsQuery,
  useGetSubscriptionQuery,
  useLazyCheckAvailabilityQuery,
  useLazyLookupStudentQuery,
  useCreateSubscriptionMutation,
  useUpdateSubscriptionMutation,
  useRenewSubscriptionMutation,
} = subscriptionsApi;
