import type { Admin, ProfileUpdateInput } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Answers `{ status: 'success', message, data: { admin } }` (SPEC.md §7).
    updateAdminProfile: build.mutation<ApiEnvelope<{ admin?: Admin }>, ProfileUpdateInput>({
      query: (body) => ({ url: '/admin/update-admin-profile', method: 'PUT', body }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useUpdateAdminProfileMutation } = profileApi;
