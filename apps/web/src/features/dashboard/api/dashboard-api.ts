import type { DashboardData, DashboardPeriod, DuesSummary, InsideNow, Profit, ProfitMonth } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';
import { isDashboardData, isDuesSummary as isDuesSummaryData, isInsideNow, isProfit } from './answer-checks';

/** Whether an answer carries the dashboard: status not false and data of the dashboard's shape. */
const isDashboardAnswer = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  isDashboardData((body as { data?: unknown }).data);

/** Whether an answer carries the dues summary (an answer of another shape is a failure of the card, not the screen). */
const isDuesSummary = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  isDuesSummaryData((body as { data?: unknown }).data);

/** Whether an answer carries the profit of at least one month (this month is the last). */
const isMonthProfit = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  isProfit((body as { data?: unknown }).data) &&
  (body as { data: Profit }).data.months.length > 0;

const dashboardApi = baseApi
  .enhanceEndpoints({ addTagTypes: [API_TAGS.dues, API_TAGS.profit, API_TAGS.attendance] })
  .injectEndpoints({
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
      /** This month's fees collected, expenses and profit, for the profit card (issue 14). */
      getMonthProfit: build.query<ProfitMonth, void>({
        query: () => ({
          url: '/profit',
          params: { months: 1 },
          validateStatus: (response, body) => response.ok && isMonthProfit(body),
        }),
        transformResponse: (response: ApiEnvelope<Profit>) => (response.data as Profit).months.at(-1) as ProfitMonth,
        providesTags: [API_TAGS.profit],
      }),
      /** How many students are inside now (checked in, not yet out), for the Inside now card (issue 15). */
      getDashboardInsideNow: build.query<number, void>({
        query: () => ({
          url: '/attendance/inside',
          validateStatus: (response, body) => response.ok && isInsideNow((body as { data?: unknown } | null)?.data),
        }),
        transformResponse: (response: ApiEnvelope<InsideNow>) => (response.data as InsideNow).count,
        providesTags: [API_TAGS.attendance],
      }),
    }),
  });

export const {
  useGetDashboardQuery,
  useGetDuesOutstandingQuery,
  useGetMonthProfitQuery,
  useGetDashboardInsideNowQuery,
} = dashboardApi;
