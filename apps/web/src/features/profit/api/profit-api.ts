import type { Profit } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';
import { fileExportQuery, type FileExport } from '@/lib/file-export';

/** The profit calls (API modules/profit): the last months' fees collected, expenses and profit, and their CSV. */
const profitApi = baseApi.enhanceEndpoints({ addTagTypes: [API_TAGS.profit] }).injectEndpoints({
  endpoints: (build) => ({
    getProfit: build.query<Profit, number>({
      query: (months) => ({ url: '/profit', params: { months } }),
      transformResponse: (response: ApiEnvelope<Profit>) => response.data as Profit,
      providesTags: [API_TAGS.profit],
    }),
    exportProfit: build.mutation<FileExport, number>({
      query: (months) => fileExportQuery('/profit/export', { months }, 'profit.csv'),
    }),
  }),
});

export const { useGetProfitQuery, useExportProfitMutation } = profitApi;
