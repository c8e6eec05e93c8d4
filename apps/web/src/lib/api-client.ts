import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { API_TIMEOUT_MS, currentLanguage, coreMessages } from '@app/shared';
import { env } from '@/config/env';
import { envelopeMessage, isAuthFailure } from './api-errors';
import { fetchOrTakeEarly } from './early-requests';
import { redirectTo } from './navigation';
import { clearSession, readToken } from './session';
import { logout } from './store/auth-slice';
import { setNotification } from './store/notification-slice';

/** Per-endpoint options: `public` calls (sign-in, registration, logout) never end the session on a 401. */
interface ApiExtraOptions {
  public?: boolean;
}

// fetchBaseQuery builds a `Request`, which needs an absolute URL outside a browser page (tests).
// Without a window (the build rendering the sign-in page to HTML) no call is made: the base as is.
function absoluteBase(base: string): string {
  if (typeof window === 'undefined') return base;
  return new URL(base, window.location.origin).toString().replace(/\/+$/, '');
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: absoluteBase(env.apiBase),
  timeout: API_TIMEOUT_MS,
  // A cold visit's first calls may have been sent by the entry already (lib/early-requests).
  fetchFn: fetchOrTakeEarly,
  prepareHeaders: (headers) => {
    // The API answers its messages in the page's language (issue 20).
    headers.set('Accept-Language', currentLanguage());
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * The one 401 handler (SPEC.md §2, §8): forget the stored admin, sign out of the
 * client state, say why, and go to /app, whose guard then sends the visitor to /login.
 */
const baseQueryWithAuth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  // Several calls in flight can fail together with 401; the first one ends the session
  // and redirects, the others must not redirect again over the guard's own redirect.
  const signedIn = (api.getState() as { auth?: { status?: boolean } }).auth?.status === true;
  if (!extraOptions?.public && signedIn && isAuthFailure(result)) {
    clearSession();
    api.dispatch(logout());
    const body = result.error ? result.error.data : result.data;
    api.dispatch(setNotification({ message: envelopeMessage(body) ?? coreMessages.auth.invalidToken, type: 'error' }));
    redirectTo('/app');
  }
  return result;
};

/** The app's one API client; features add their calls with `baseApi.injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithAuth,
  tagTypes: ['Admin'],
  endpoints: () => ({}),
});
