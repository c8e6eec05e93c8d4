import { API_TIMEOUT_MS } from '@app/shared';

/** What RTK Query's `fetchBaseQuery` answers (without `meta`), which lib/api-errors reads. */
export type RequestResult =
  | { data: unknown }
  | {
      error:
        | { status: number; data: unknown }
        | { status: 'FETCH_ERROR' | 'TIMEOUT_ERROR'; error: string }
        | { status: 'PARSING_ERROR'; originalStatus: number; data: string; error: string };
    };

const isTimeout = (error: unknown) =>
  (error instanceof Error || error instanceof DOMException) && error.name === 'TimeoutError';

/**
 * POSTs `body` as JSON the way the app's API client does (lib/api-client: `fetchBaseQuery` with
 * the API timeout and the stored token), and answers with the same result shapes, so the
 * prerendered sign-in page treats every answer and failure as the React form does.
 * `login-request.test.ts` compares the two on the same responses.
 */
export async function postJson(url: string, body: unknown, token?: string): Promise<RequestResult> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const signal = AbortSignal.timeout(API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (error) {
    return { error: { status: isTimeout(error) ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) } };
  }
  let text = '';
  try {
    text = await response.text();
    const data: unknown = text.length ? JSON.parse(text) : null;
    return response.status >= 200 && response.status <= 299 ? { data } : { error: { status: response.status, data } };
  } catch (error) {
    if (signal.aborted && isTimeout(signal.reason)) {
      return { error: { status: 'TIMEOUT_ERROR', error: String(signal.reason) } };
    }
    return { error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(error) } };
  }
}
