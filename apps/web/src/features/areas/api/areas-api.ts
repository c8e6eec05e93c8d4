import type { Area, AreaBodyInput, AreaPage, AreaSortKey } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

interface AreaListArgs {
  page: number;
  limit: number;
  sortBy: AreaSortKey;
  sortOrder: 'ASC' | 'DESC';
  search?: string;
}

// Seat mutations invalidate 'Area' too (seat counts), and area edits 'Seat' (area names on seats).
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Area', 'Seat'] });

const areasApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAreas: build.query<AreaPage, AreaListArgs>({
      query: ({ search, ...params }) => ({ url: '/area', params: search ? { ...params, search } : params }),
      transformResponse: (response: ApiEnvelope<AreaPage>) =>
        response.data ?? { areas: [], pagination: emptyPagination() },
      providesTags: ['Area'],
    }),
    getArea: build.query<Area, string>({
      query: (id) => `/area/${encodeURIComponent(id)}`,
      transformResponse: (response: ApiEnvelope<Area>) => response.data as Area,
      providesTags: ['Area'],
      keepUnusedDataFor: 0,
    }),
    createArea: build.mutation<ApiEnvelope<Area>, AreaBodyInput>({
      query: (body) => ({ url: '/area', method: 'POST', body }),
      invalidatesTags: ['Area'],
    }),
    updateArea: build.mutation<ApiEnvelope<Area>, { id: string; body: AreaBodyInput }>({
      query: ({ id, body }) => ({ url: `/area/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Area', 'Seat'],
    }),
    deleteArea: build.mutation<ApiEnvelope<null>, string>({
      query: (id) => ({ url: `/area/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Area', 'Seat'],
    }),
  }),
});

function emptyPagination(): AreaPage['pagination'] {
  return {
    currentPage: 1,
    totalPages: 1,
    totalItems: 0,
    itemsPerPage: 10,
    hasNextPage: false,
    hasPrevPage: false,
    nextPage: null,
    prevPage: null,
  };
}

export const {
  useListAreasQuery,
  useGetAreaQuery,
  useCreateAreaMutation,
  useUpdateAreaMutation,
  useDeleteAreaMutation,
} = areasApi;
