import type { Language, LoginInput, Registration } from '@app/shared';
import { baseApi } from '@/lib/api-client';
import type { ApiEnvelope } from '@/lib/api-errors';

// Sign-in, registration and logout are `public`: their 401 means bad credentials
// (or an already dead token), not "your session just ended".
const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<ApiEnvelope, LoginInput>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: { public: true },
    }),
    registerLibrary: build.mutation<ApiEnvelope, Registration>({
      query: (body) => ({ url: '/auth/register/library', method: 'POST', body }),
      extraOptions: { public: true },
    }),
    // Not public: a 401 here means the stored session is no longer valid, which the shell checks on start.
    me: build.query<ApiEnvelope, void>({
      query: () => ({ url: '/auth/me' }),
    }),
    // Issue 20: the signed-in person's language, kept with them on every device.
    saveLanguage: build.mutation<ApiEnvelope, Language>({
      query: (language) => ({ url: '/auth/language', method: 'PUT', body: { language } }),
    }),
    logout: build.mutation<ApiEnvelope, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      extraOptions: { public: true },
    }),
  }),
});

export const { useLoginMutation, useRegisterLibraryMutation, useLogoutMutation, useMeQuery, useSaveLanguageMutation } =
  authApi;
