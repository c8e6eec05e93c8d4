import type {
  AttendanceCheckInput,
  AttendanceCheckResult,
  AttendanceDay,
  IdCard,
  MonthlyAttendance,
  NotSeen,
  StudentAttendance,
} from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';
import { API_TAGS } from '@/lib/api-tags';
import { fileExportQuery, type FileExport } from '@/lib/file-export';

const api = baseApi.enhanceEndpoints({ addTagTypes: [API_TAGS.attendance, 'IdCard'] });
const studentPath = (id: string) => `/user/${encodeURIComponent(id)}/id-card`;
const data = <T>(response: ApiEnvelope<T>) => response.data as T;

/** The desk's calls (API modules/attendance): check-in, the attendance lists and their CSV, ID cards. */
const attendanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkAttendance: build.mutation<AttendanceCheckResult, AttendanceCheckInput>({
      query: (body) => ({ url: '/attendance/check', method: 'POST', body }),
      transformResponse: data<AttendanceCheckResult>,
      invalidatesTags: [API_TAGS.attendance],
    }),
    getAttendanceDay: build.query<AttendanceDay, void>({
      query: () => '/attendance/day',
      transformResponse: data<AttendanceDay>,
      providesTags: [API_TAGS.attendance],
    }),
    getNotSeen: build.query<NotSeen, number>({
      query: (days) => ({ url: '/attendance/not-seen', params: { days } }),
      transformResponse: data<NotSeen>,
      providesTags: [API_TAGS.attendance],
    }),
    getMonthlyAttendance: build.query<MonthlyAttendance, string>({
      query: (month) => ({ url: '/attendance/monthly', params: { month } }),
      transformResponse: data<MonthlyAttendance>,
      providesTags: [API_TAGS.attendance],
    }),
    getStudentAttendance: build.query<StudentAttendance, { studentId: string; month: string }>({
      query: ({ studentId, month }) => ({
        url: `/attendance/student/${encodeURIComponent(studentId)}`,
        params: { month },
      }),
      transformResponse: data<StudentAttendance>,
      providesTags: [API_TAGS.attendance],
    }),
    exportAttendanceDay: build.mutation<FileExport, void>({
      query: () => fileExportQuery('/attendance/day/export', {}, 'attendance-today.csv'),
    }),
    exportNotSeen: build.mutation<FileExport, number>({
      query: (days) => fileExportQuery('/attendance/not-seen/export', { days }, `not-seen-${days}-days.csv`),
    }),
    exportMonthlyAttendance: build.mutation<FileExport, string>({
      query: (month) => fileExportQuery('/attendance/monthly/export', { month }, `attendance-${month}.csv`),
    }),
    getIdCard: build.query<IdCard | null, string>({
      query: (studentId) => studentPath(studentId),
      transformResponse: (response: ApiEnvelope<IdCard | null>) => response.data ?? null,
      providesTags: (_result, _error, studentId) => [{ type: 'IdCard', id: studentId }],
      keepUnusedDataFor: 0,
    }),
    issueIdCard: build.mutation<IdCard, string>({
      query: (studentId) => ({ url: studentPath(studentId), method: 'POST' }),
      transformResponse: data<IdCard>,
      invalidatesTags: (_result, _error, studentId) => [{ type: 'IdCard', id: studentId }],
    }),
    revokeIdCard: build.mutation<ApiEnvelope<null>, string>({
      query: (studentId) => ({ url: studentPath(studentId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, studentId) => [{ type: 'IdCard', id: studentId }],
    }),
  }),
});

export const {
  useCheckAttendanceMutation,
  useGetAttendanceDayQuery,
  useGetNotSeenQuery,
  useGetMonthlyAttendanceQuery,
  useGetStudentAttendanceQuery,
  useExportAttendanceDayMutation,
  useExportNotSeenMutation,
  useExportMonthlyAttendanceMutation,
  useGetIdCardQuery,
  useIssueIdCardMutation,
  useRevokeIdCardMutation,
} = attendanceApi;
