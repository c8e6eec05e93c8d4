import { describe, expect, it, vi } from 'vitest';
import { messages } from '@app/shared';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage } from '@/lib/api-errors';
import { createAppStore } from '@/lib/store';
import { fakeSession, jsonResponse, storeSession } from '@/test/fixtures';
import { postJson } from './login-request';

const body = { identifier: 'ravi@example.com', password: 'secret1' };

type Answer = () => Promise<Response>;

/** What the app's API client gets for `answer`, and the request it sent. */
async function throughApiClient(answer: Answer) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(answer);
  vi.stubGlobal('fetch', fetchMock);
  const store = createAppStore();
  const result = await store.dispatch(authApi.endpoints.login.initiate(body));
  const request = fetchMock.mock.calls[0]?.[0] as Request;
  return { result: 'error' in result ? { error: result.error } : { data: result.data }, request };
}

/** What the prerendered page's request gets for `answer`, and the request it sent. */
async function throughPage(answer: Answer, token?: string) {
  const fetchMock = vi.fn<typeof fetch>().mockImplementation(answer);
  vi.stubGlobal('fetch', fetchMock);
  const result = await postJson(`${window.location.origin}/api/auth/login`, body, token);
  const [input, init] = fetchMock.mock.calls[0] ?? [];
  return { result, request: new Request(input as string, init) };
}

async function described(request: Request) {
  return {
    url: request.url,
    method: request.method,
    headers: [...request.headers].sort(),
    body: await request.text(),
  };
}

const html = (status: number) => async () =>
  new Response('<html>Bad gateway</html>', { status, headers: { 'content-type': 'text/html' } });

const answers: [string, Answer][] = [
  ['a session', async () => jsonResponse({ status: true, message: 'Login successful', data: fakeSession })],
  [
    'bad credentials',
    async () => jsonResponse({ status: false, code: 401, message: 'Invalid email or password' }, 401),
  ],
  ['too many attempts', async () => jsonResponse({ status: false, code: 429, message: 'Too many attempts.' }, 429)],
  [
    'field errors',
    async () =>
      jsonResponse({ status: false, code: 400, message: '', errors: [{ field: 'identifier', message: 'Bad' }] }, 400),
  ],
  ['status false with HTTP 200', async () => jsonResponse({ status: false, message: 'Library suspended' })],
  ['an HTML error page', html(502)],
  ['an HTML page with 200', html(200)],
  ['an empty answer', async () => new Response(null, { status: 204 })],
  ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ['a timeout', () => Promise.reject(new DOMException('signal timed out', 'TimeoutError'))],
];

describe('postJson', () => {
  it.each(answers)('answers %s as the app API client does', async (_name, answer) => {
    const app = await throughApiClient(answer);
    const page = await throughPage(answer);
    expect(page.result).toEqual(app.result);
    expect(await described(page.request)).toEqual(await described(app.request));
    // And so the same toast text.
    if ('error' in page.result) {
      expect(errorMessage(page.result.error, messages.auth.loginFailed)).toBe(
        errorMessage((app.result as { error: unknown }).error, messages.auth.loginFailed),
      );
    }
  });

  it('sends the stored token as the API client does', async () => {
    storeSession();
    const answer = async () => jsonResponse({ status: true, data: fakeSession });
    const app = await throughApiClient(answer);
    const page = await throughPage(answer, fakeSession.token);
    expect(page.request.headers.get('Authorization')).toBe(`Bearer ${fakeSession.token}`);
    expect(await described(page.request)).toEqual(await described(app.request));
  });
});
