import type { KycStatus, StudentDetail, StudentList, StudentListQuery } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

type StudentListArgs = Pick<StudentListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder' | 'search' | 'type'>;

interface Saved {
  id: string;
  user_id: string;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Student'] });

/** The student calls of SPEC.md §7; create and update are multipart (the browser sets the boundary). */
const studentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStudents: build.query<StudentList, StudentListArgs>({
      query: ({ search, type, ...params }) => ({
        url: '/user',
        params: { ...params, ...(search ? { search } : {}), ...(type ? { type } : {}) },
      }),
      transformResponse: (response: ApiEnvelope<StudentList>) => response.data as StudentList,
      providesTags: ['Student'],
    }),
    // The answer holds the full Aadhaar number: not kept once the form is gone.
    getStudent: build.query<StudentDetail, string>({
      query: (id) => `/user/${encodeURIComponent(id)}`,
      transformResponse: (response: ApiEnvelope<StudentDetail>) => response.data as StudentDetail,
      keepUnusedDataFor: 0,
    }),
    createStudent: build.mutation<ApiEnvelope<Saved>, FormData>({
      query: (body) => ({ url: '/user', method: 'POST', body }),
      invalidatesTags: ['Student'],
    }),
    updateStudent: build.mutation<ApiEnvelope<Saved>, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Student'],
    }),
    setKycStatus: build.mutation<ApiEnvelope<Saved>, { id: string; kyc_status: KycStatus }>({
      query: ({ id, kyc_status }) => ({
        url: `/user/${encodeURIComponent(id)}/kyc`,
        method: 'PATCH',
        body: { kyc_status },
      }),
      invalidatesTags: ['Student'],
    }),
  }),
});

export const {
  useListStudentsQuery,
  useGetStudentQuery,
  useCreateStudentMutation,
  useUpdateStudentMutation,
  useSetKycStatusMutation,
} = studentsApi;
