import {
  dashboardSchema,
  duesSummarySchema,
  type DashboardData,
  type DashboardPeriod,
  type DuesSummary,
} from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';

/** Whether an answer carries the dashboard: status not false and data of the dashboard's shape. */
const isDashboardAnswer = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  dashboardSchema.safeParse((body as { data?: unknown }).data).success;

/** Whether an answer carries the dues summary (an answer of another shape is a failure of the card, not the screen). */
const isDuesSummary = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  duesSummarySchema.safeParse((body as { data?: unknown }).data).success;

const dashboardApi = baseApi.enhanceEndpoints({ addTagTypes: [API_TAGS.dues] }).injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, DashboardPeriod>({
      query: (period) => ({
        url: `/dashboard/${encodeURIComponent(period)}`,
        // SPEC.md §8: an answer with status false is a failure, whatever its HTTP status; so is
        // one without the figures (a proxy's page, another API), rather than a broken screen.
        validateStatus: (response, body) => response.ok && isDashboardAnswer(body),
      }),
      transformResponse: (response: ApiEnvelope<DashboardData>) => response.data as DashboardData,
    }),
    /** What the library's students owe now, for the Dues outstanding card (issue 13). */
    getDuesOutstanding: build.query<DuesSummary['outstanding'], void>({
      query: () => ({ url: '/dues/summary', validateStatus: (response, body) => response.ok && isDuesSummary(body) }),
      transformResponse: (response: ApiEnvelope<DuesSummary>) => (response.data as DuesSummary).outstanding,
      providesTags: [API_TAGS.dues],
    }),
  }),
});

export const { useGetDashboardQuery, useGetDuesOutstandingQuery } = dashboardApi;
