import type { Area, GeneratedSeats, InsideNow, Seat, SeatBodyInput } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';

// Seat changes move an area's seat counts, so they invalidate 'Area' as well.
const api = baseApi.enhanceEndpoints({ addTagTypes: ['Area', 'Seat', API_TAGS.attendance] });

const seatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every area, for the filter and the Select Area field (`GET /area/all`). */
    listSeatAreas: build.query<Area[], void>({
      query: () => '/area/all',
      transformResponse: (response: ApiEnvelope<{ areas?: Area[] }>) => response.data?.areas ?? [],
      providesTags: ['Area'],
    }),
    /** The library's seats, or one area's, with their live state. */
    /** Who is inside now (issue 15), to mark the seats of students checked in and not yet out. */
    getSeatsInsideNow: build.query<InsideNow, void>({
      query: () => '/attendance/inside',
      transformResponse: (response: ApiEnvelope<InsideNow>) => response.data as InsideNow,
      providesTags: [API_TAGS.attendance],
    }),
    listSeats: build.query<Seat[], string | undefined>({
      query: (areaId) => (areaId ? `/seat/${encodeURIComponent(areaId)}` : '/seat'),
      transformResponse: (response: ApiEnvelope<Seat[]>) => (Array.isArray(response.data) ? response.data : []),
      providesTags: ['Seat'],
    }),
    createSeat: build.mutation<ApiEnvelope<Seat>, SeatBodyInput>({
      query: (body) => ({ url: '/seat', method: 'POST', body }),
      invalidatesTags: ['Seat', 'Area'],
    }),
    updateSeat: build.mutation<ApiEnvelope<Seat>, { id: string; body: SeatBodyInput }>({
      query: ({ id, body }) => ({ url: `/seat/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Seat', 'Area'],
    }),
    deleteSeat: build.mutation<ApiEnvelope<null>, string>({
      query: (id) => ({ url: `/seat/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Seat', 'Area'],
    }),
    generateSeats: build.mutation<ApiEnvelope<GeneratedSeats>, string>({
      query: (areaId) => ({ url: `/area/${encodeURIComponent(areaId)}/generate-seats`, method: 'POST' }),
      invalidatesTags: ['Seat', 'Area'],
    }),
  }),
});

export const {
  useListSeatAreasQuery,
  useListSeatsQuery,
  useCreateSeatMutation,
  useUpdateSeatMutation,
  useDeleteSeatMutation,
  useGenerateSeatsMutation,
  useGetSeatsInsideNowQuery,
} = seatsApi;
