import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@app/shared';
import { fakeSession, jsonResponse, storeSession } from '@/test/fixtures';
import { baseApi } from './api-client';
import { EARLY_ANSWER_MS, forgetEarly, sendEarly } from './early-requests';
import { createAppStore } from './store';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, number>({ query: (months) => ({ url: '/probe', params: { months } }) }),
    write: build.mutation<unknown, void>({ query: () => ({ url: '/probe?months=1', method: 'POST' }) }),
  }),
});

const ok = (data: unknown) => jsonResponse({ status: true, message: 'ok', data });
const urlOf = (call: Parameters<typeof fetch>) => (call[0] instanceof Request ? call[0].url : String(call[0]));

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  storeSession();
  forgetEarly();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  forgetEarly();
});

describe('early requests (issue 18)', () => {
  it('sends each call once with the session and the language, and the client takes its answer', async () => {
    fetchMock.mockResolvedValueOnce(ok('early')).mockImplementation(async () => ok('network'));
    sendEarly(['/probe?months=1']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/probe?months=1`);
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${fakeSession.token}`);
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('en');

    const store = createAppStore();
    const first = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(first.data).toEqual({ status: true, message: 'ok', data: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Taken once: asked again, the call goes to the network.
    const again = await store.dispatch(probeApi.endpoints.probe.initiate(1, { forceRefetch: true }));
    expect(again.data).toEqual({ status: true, message: 'ok', data: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken by another address, method, language or person', async () => {
    fetchMock.mockResolvedValueOnce(ok('early')).mockImplementation(async () => ok('network'));
    sendEarly(['/probe?months=1']);
    const store = createAppStore();
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(2))).data).toMatchObject({ data: 'network' });
    await store.dispatch(probeApi.endpoints.write.initiate());
    setLanguage('hi');
    try {
      expect((await store.dispatch(probeApi.endpoints.probe.initiate(1))).data).toMatchObject({ data: 'network' });
    } finally {
      setLanguage('en');
    }
    storeSession({ ...fakeSession, token: 'another-token' });
    const other = await store.dispatch(probeApi.endpoints.probe.initiate(1, { forceRefetch: true }));
    expect(other.data).toMatchObject({ data: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('asks the network when the early call failed or its answer is too old', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockImplementation(async () => ok('network'));
    sendEarly(['/probe?months=1']);
    const store = createAppStore();
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(1))).data).toMatchObject({ data: 'network' });
    expect(fetchMock.mock.calls.map(urlOf)).toEqual([
      `${window.location.origin}/api/probe?months=1`,
      `${window.location.origin}/api/probe?months=1`,
    ]);

    vi.useFakeTimers({ toFake: ['performance'] });
    fetchMock.mockResolvedValueOnce(ok('early'));
    sendEarly(['/probe?months=1']);
    vi.advanceTimersByTime(EARLY_ANSWER_MS + 1);
    const late = await store.dispatch(probeApi.endpoints.probe.initiate(1, { forceRefetch: true }));
    expect(late.data).toMatchObject({ data: 'network' });
  });

  it('sends nothing without a stored session', () => {
    window.localStorage.clear();
    sendEarly(['/probe?months=1']);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
