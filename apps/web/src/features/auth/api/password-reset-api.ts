import type { ForgotPasswordInput, MailStatus } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

// Password recovery (issue 16): public routes, called without a session.
const passwordResetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    mailStatus: build.query<MailStatus, void>({
      query: () => ({ url: '/auth/mail-status' }),
      transformResponse: (response: ApiEnvelope<MailStatus>) => response.data as MailStatus,
      extraOptions: { public: true },
    }),
    forgotPassword: build.mutation<ApiEnvelope, ForgotPasswordInput>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      extraOptions: { public: true },
    }),
    resetPassword: build.mutation<ApiEnvelope, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      extraOptions: { public: true },
    }),
  }),
});

export const { useMailStatusQuery, useForgotPasswordMutation, useResetPasswordMutation } = passwordResetApi;
