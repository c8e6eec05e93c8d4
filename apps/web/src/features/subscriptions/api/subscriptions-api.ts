import type {
  Availability,
  LibrarySettingsRecord,
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
import { API_TAGS } from '@/lib/api-tags';

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

export type PriceList = LibrarySettingsRecord['price_list'];

// A booking changes the seats' live state (occupied, reserved), the areas' free counts, the
// fee report, and, with its payment and price, the dues and the day book: writes invalidate those too.
const WRITE_TAGS = [
  API_TAGS.subscriptions,
  'Seat',
  'Area',
  API_TAGS.fees,
  API_TAGS.dues,
  API_TAGS.dayBook,
  API_TAGS.students,
] as const;
const api = baseApi.enhanceEndpoints({ addTagTypes: [...WRITE_TAGS, API_TAGS.settings] });

/** The subscription calls of SPEC.md §7, and the student lookup the Add dialog makes. */
const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSubscriptions: build.query<SubscriptionPage, SubscriptionListArgs>({
      query: ({ search, status, ...params }) => ({
        url: '/subscription',
        params: { ...params, ...(search ? { search } : {}), ...(status ? { status } : {}) },
      }),
      transformResponse: (response: ApiEnvelope<SubscriptionPage>) => response.data as SubscriptionPage,
      providesTags: [API_TAGS.subscriptions],
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
    /** The library's price list (GET /settings), from which the Add and Renew dialogs fill in the price. */
    // The price list, and how far below it the desk may go (issue 16: desk_max_discount).
    getPriceList: build.query<{ priceList: PriceList; deskMaxDiscount: number }, void>({
      query: () => '/settings',
      transformResponse: (response: ApiEnvelope<LibrarySettingsRecord>) => ({
        priceList: response.data?.price_list ?? [],
        deskMaxDiscount: response.data?.desk_max_discount ?? 0,
      }),
      providesTags: [API_TAGS.settings],
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
  useGetPriceListQuery,
  useCreateSubscriptionMutation,
  useUpdateSubscriptionMutation,
  useRenewSubscriptionMutation,
} = subscriptionsApi;
