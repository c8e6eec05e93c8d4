import type {
  KycStatus,
  LibrarySettingsRecord,
  StudentDetail,
  StudentLifecycle,
  StudentList,
  StudentListQuery,
} from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';
import { fileExportQuery, type FileExport } from '@/lib/file-export';

type StudentListArgs = Pick<StudentListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder' | 'search' | 'type' | 'state'>;

interface Saved {
  id: string;
  user_id: string;
}

/** What the student screens need of the library's settings (issue 19): the notice and the retention. */
export interface PrivacySettings {
  /** The notice as shown (the owner's, or the default). */
  notice: string;
  retentionDays: number;
  keepLast4: boolean;
}

/** The formats of a student's data download (`GET /user/{id}/export?format=`). */
export type StudentExportFormat = 'json' | 'html';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Student', API_TAGS.settings, API_TAGS.dues] });

// Leaving takes a student out of the dues groups and the dashboard's counts as well as the list.
const LIFECYCLE_TAGS = ['Student', API_TAGS.dues] as const;

/** The student calls of SPEC.md §7; create and update are multipart (the browser sets the boundary). */
const studentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStudents: build.query<StudentList, StudentListArgs>({
      query: ({ search, type, state, ...params }) => ({
        url: '/user',
        params: {
          ...params,
          ...(search ? { search } : {}),
          ...(type ? { type } : {}),
          ...(state === 'left' ? { state } : {}),
        },
      }),
      transformResponse: (response: ApiEnvelope<StudentList>) => response.data as StudentList,
      providesTags: ['Student'],
    }),
    // The answer holds the full Aadhaar number: not kept once the form is gone.
    getStudent: build.query<StudentDetail, string>({
      query: (id) => `/user/${encodeURIComponent(id)}`,
      transformResponse: (response: ApiEnvelope<StudentDetail>) => response.data as StudentDetail,
      keepUnusedDataFor: 0,
      providesTags: ['Student'],
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
    /** The privacy notice and retention (GET /settings, which every role may read). */
    getPrivacySettings: build.query<PrivacySettings, void>({
      query: () => '/settings',
      transformResponse: (response: ApiEnvelope<LibrarySettingsRecord>) => ({
        notice: response.data?.privacy_notice_text ?? '',
        retentionDays: response.data?.retention_days ?? 0,
        keepLast4: response.data?.keep_aadhaar_last4 ?? false,
      }),
      providesTags: [API_TAGS.settings],
    }),
    leaveStudent: build.mutation<StudentLifecycle, string>({
      query: (id) => ({ url: `/user/${encodeURIComponent(id)}/leave`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope<StudentLifecycle>) => response.data as StudentLifecycle,
      invalidatesTags: [...LIFECYCLE_TAGS],
    }),
    rejoinStudent: build.mutation<StudentLifecycle, string>({
      query: (id) => ({ url: `/user/${encodeURIComponent(id)}/rejoin`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope<StudentLifecycle>) => response.data as StudentLifecycle,
      invalidatesTags: [...LIFECYCLE_TAGS],
    }),
    eraseStudentDocuments: build.mutation<StudentLifecycle, string>({
      query: (id) => ({ url: `/user/${encodeURIComponent(id)}/erase`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope<StudentLifecycle>) => response.data as StudentLifecycle,
      invalidatesTags: ['Student'],
    }),
    exportStudentData: build.mutation<FileExport, { id: string; format: StudentExportFormat }>({
      query: ({ id, format }) =>
        fileExportQuery(`/user/${encodeURIComponent(id)}/export`, { format }, `student-data.${format}`),
    }),
  }),
});

export const {
  useListStudentsQuery,
  useGetStudentQuery,
  useCreateStudentMutation,
  useUpdateStudentMutation,
  useSetKycStatusMutation,
  useGetPrivacySettingsQuery,
  useLeaveStudentMutation,
  useRejoinStudentMutation,
  useEraseStudentDocumentsMutation,
  useExportStudentDataMutation,
} = studentsApi;
