import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@app/shared';
import { fakeSession, jsonResponse, storeSession } from '@/test/fixtures';
import { baseApi } from './api-client';
import { setNavigator } from './navigation';
import { createAppStore } from './store';

// Two probe calls: one like any /app call, one marked public like sign-in.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => '/probe' }),
    publicProbe: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/login', method: 'POST' }),
      extraOptions: { public: true },
    }),
  }),
});

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  setNavigator(navigate);
  storeSession();
});

afterEach(() => {
  setNavigator((to) => window.location.assign(to));
});

function answer(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('API client', () => {
  it('asks for answers in the page’s language (issue 20)', async () => {
    const fetchMock = answer(jsonResponse({ status: true, message: 'ok', data: {} }));
    const store = createAppStore();
    setLanguage('hi');
    try {
      await store.dispatch(probeApi.endpoints.probe.initiate());
    } finally {
      setLanguage('en');
    }
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('Accept-Language')).toBe('hi');
  });

  it('sends the stored bearer token to /api', async () => {
    const fetchMock = answer(jsonResponse({ status: true, message: 'ok', data: {} }));
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/probe');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${fakeSession.token}`);
  });

  it.each([
    ['an HTTP 401', jsonResponse({ status: false, code: 401, message: 'Invalid or expired token', errors: [] }, 401)],
    [
      'status false with code 401',
      jsonResponse({ status: false, code: 401, message: 'Session ended', errors: [] }, 200),
    ],
    ['the missing-token message', jsonResponse({ status: false, message: 'Authorization token missing' }, 403)],
  ])('on %s removes the stored admin, signs out and goes to /app', async (_case, response) => {
    answer(response);
    const store = createAppStore();
    expect(store.getState().auth.status).toBe(true);

    await store.dispatch(probeApi.endpoints.probe.initiate());

    expect(window.localStorage.getItem('admin')).toBeNull();
    expect(store.getState().auth).toEqual({ status: false, userData: null });
    expect(navigate).toHaveBeenCalledWith('/app');
  });

  it('says why the session ended', async () => {
    answer(jsonResponse({ status: false, code: 401, message: 'Invalid or expired token', errors: [] }, 401));
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(store.getState().notification).toEqual({ message: 'Invalid or expired token', type: 'error' });
  });

  it('keeps the session on other failures', async () => {
    answer(jsonResponse({ status: false, code: 500, message: 'Boom', errors: [] }, 500));
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(window.localStorage.getItem('admin')).not.toBeNull();
    expect(store.getState().auth.status).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not treat a 401 from sign-in as a lost session', async () => {
    answer(jsonResponse({ status: false, code: 401, message: 'Invalid email or password', errors: [] }, 401));
    const store = createAppStore();
    await store.dispatch(probeApi.endpoints.publicProbe.initiate());
    expect(window.localStorage.getItem('admin')).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
