import { dashboardSchema, type DashboardData, type DashboardPeriod } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

/** Whether an answer carries the dashboard: status not false and data of the dashboard's shape. */
const isDashboardAnswer = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  dashboardSchema.safeParse((body as { data?: unknown }).data).success;

const dashboardApi = baseApi.injectEndpoints({
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
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
