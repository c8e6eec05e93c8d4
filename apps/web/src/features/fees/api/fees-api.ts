import type { z } from 'zod';
import type { feeListSchema, FeeListQuery } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { fileExportQuery, type FileExport } from '@/lib/file-export';
import { isFeeList } from './answer-checks';

export type FeeSortKey = NonNullable<FeeListQuery['sortBy']>;

/** What the fee report sends: the page, the sort and the submitted search. */
export interface FeeListArgs {
  page: number;
  limit: number;
  sortBy: FeeSortKey;
  sortOrder: 'ASC' | 'DESC';
  search?: string;
}

type FeePage = z.infer<typeof feeListSchema>;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Fee'] });

/** Whether an answer carries a page of fees: status not false and data of the list's shape. */
const isFeePage = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  isFeeList((body as { data?: unknown }).data);

const queryParams = ({ search, ...params }: Omit<FeeListArgs, 'page' | 'limit'> & Partial<FeeListArgs>) =>
  search ? { ...params, search } : params;

const feesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listFees: build.query<FeePage, FeeListArgs>({
      query: (args) => ({
        url: '/fee',
        params: queryParams(args),
        // A status false, or an answer that is not a page of fees, is a failure (SPEC.md §8).
        validateStatus: (response, body) => response.ok && isFeePage(body),
      }),
      transformResponse: (response: ApiEnvelope<FeePage>) => response.data as FeePage,
      providesTags: ['Fee'],
    }),
    /** The report as CSV with the list's search and sort (lib/file-export.ts). */
    exportFees: build.mutation<FileExport, Omit<FeeListArgs, 'page' | 'limit'>>({
      query: (args) => fileExportQuery('/fee/export', queryParams(args), 'fee-report.csv'),
    }),
  }),
});

export const { useListFeesQuery, useExportFeesMutation } = feesApi;
