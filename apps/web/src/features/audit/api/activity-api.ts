import type { z } from 'zod';
import type { auditListSchema } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

type ActivityPage = z.infer<typeof auditListSchema>;

interface ActivityListArgs {
  page: number;
  limit: number;
  /** One audit action (`admin.sign_in`...); absent for every action. */
  action?: string;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Activity'] });

const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    listActivity: build.query<ActivityPage, ActivityListArgs>({
      query: ({ action, ...params }) => ({ url: '/admin/audit-log', params: action ? { ...params, action } : params }),
      transformResponse: (response: ApiEnvelope<ActivityPage>) => response.data as ActivityPage,
      providesTags: ['Activity'],
    }),
  }),
});

export const { useListActivityQuery } = activityApi;
