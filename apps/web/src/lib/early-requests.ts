import { currentLanguage } from '@app/shared';
import { env } from '@/config/env';
import { readToken } from './session';

/**
 * Calls a cold visit is known to make, sent by the entry before the app's code has loaded
 * (issue 18: on a phone the shell, the screen's chunk and then each of its calls were one round
 * trip after another). The API client's fetch (lib/api-client) takes the answer of a sent call
 * instead of asking again, once and within EARLY_ANSWER_MS, when the same GET goes to the same address with the same
 * credentials and language; any other call, or one asked again, goes to the network as always.
 */
const sent = new Map<string, { answer: Promise<Response>; at: number }>();

/**
 * How long an early answer stays takeable: the first screen mounts well within it; a screen that
 * asks later (the visitor went elsewhere first) gets fresh figures from the network.
 */
export const EARLY_ANSWER_MS = 30_000;

const key = (url: string, authorization: string | null, language: string | null) =>
  `${url}\n${authorization ?? ''}\n${language ?? ''}`;

/** `path` (as the API client's endpoints write it, `/auth/me`) as the absolute address it asks. */
export function apiUrl(path: string): string {
  const base = new URL(env.apiBase, window.location.origin).toString().replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/** Sends the GET calls `paths` (API paths, with their query) now, as the signed-in person, in the page's language. */
export function sendEarly(paths: readonly string[]): void {
  const token = readToken();
  if (!token) return;
  const authorization = `Bearer ${token}`;
  const language = currentLanguage();
  for (const path of paths) {
    const url = apiUrl(path);
    const answer = fetch(url, {
      headers: { Accept: 'application/json', 'Accept-Language': language, Authorization: authorization },
    });
    // Unhandled until taken: a call that fails is asked again by the client, which reports that.
    answer.catch(() => undefined);
    sent.set(key(url, authorization, language), { answer, at: performance.now() });
  }
}

/**
 * The API client's fetch: the answer of an early call matching `request` (taken once), else
 * `fetch(request)`. A failed early call is asked again; the request's signal (the client's
 * timeout) ends the wait for an early answer as it would a fetch.
 */
export function fetchOrTakeEarly(input: RequestInfo, init?: RequestInit): Promise<Response> {
  if (!(input instanceof Request) || init) return fetch(input, init);
  const request = input;
  const id = key(request.url, request.headers.get('authorization'), request.headers.get('accept-language'));
  if (request.method !== 'GET') return fetch(request);
  const early = sent.get(id);
  sent.delete(id);
  if (!early || performance.now() - early.at > EARLY_ANSWER_MS) return fetch(request);
  return new Promise<Response>((resolve, reject) => {
    const { signal } = request;
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    early.answer.then(resolve, () => fetch(request).then(resolve, reject));
  });
}

/** Forgets every early call not taken (tests). */
export function forgetEarly(): void {
  sent.clear();
}
