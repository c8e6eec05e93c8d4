import type { z } from 'zod';
import { feeListSchema, type FeeListQuery } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

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

/** A CSV ready to save: an object URL the caller revokes once the download has started. */
interface FeeExport {
  url: string;
  fileName: string;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Fee'] });

function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'fee-report.csv';
}

// Failures still answer the JSON envelope; anything else is kept as text for the error path.
async function readFailure(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether an answer carries a page of fees: status not false and data of the list's shape. */
const isFeePage = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { status?: unknown }).status !== false &&
  feeListSchema.safeParse((body as { data?: unknown }).data).success;

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
    /**
     * The report as CSV with the list's search and sort. It goes through the API client
     * so it carries the bearer token and meets the one 401 handler; the file itself is
     * turned into an object URL here, so no Blob ever reaches the store.
     */
    exportFees: build.mutation<FeeExport, Omit<FeeListArgs, 'page' | 'limit'>>({
      query: (args) => ({
        url: '/fee/export',
        method: 'GET',
        params: queryParams(args),
        responseHandler: async (response) => {
          if (!response.ok) return readFailure(response);
          const blob = await response.blob();
          return { url: URL.createObjectURL(blob), fileName: fileNameOf(response) } satisfies FeeExport;
        },
      }),
    }),
  }),
});

export const { useListFeesQuery, useExportFeesMutation } = feesApi;
