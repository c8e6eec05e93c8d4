import { currentLanguage } from '@app/shared';
import { clearSavedData } from './last-data';
import { readStudentSession, STUDENT_SESSION_KEY } from './session';

/**
 * The student app's own API client: plain fetch with the student's bearer token (not RTK Query:
 * the app has six calls, keeps every answer for offline use itself, and its bundle stays free of
 * the admin store). One 401 handler: the session is forgotten and the student goes to Join.
 */
const API_BASE = '/api';
/** A phone on a weak network falls back to the saved data rather than spinning for minutes. */
const TIMEOUT_MS = 15_000;

export class StudentApiError extends Error {
  /** HTTP status; 0 when the request never got an answer (offline, timeout). */
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'StudentApiError';
    this.status = status;
  }
}

let signedOutHandler: (() => void) | undefined;

/** Who hears that the session ended (the app navigates to Join). */
export function onSignedOut(handler: (() => void) | undefined): void {
  signedOutHandler = handler;
}

/** Forgets the session and every saved answer on this phone. */
export function forgetStudentSession(): void {
  window.localStorage.removeItem(STUDENT_SESSION_KEY);
  clearSavedData();
}

function envelopeMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, errors } = body as { message?: unknown; errors?: { message?: unknown }[] };
  if (typeof message === 'string' && message.trim()) return message;
  const first = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof first === 'string' && first.trim() ? first : undefined;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Calls made without a session (joining, the VAPID key): a 401 there ends nothing. */
  anonymous?: boolean;
  /** Text when the answer carries none. */
  fallback: string;
}

/** Calls the API and answers the envelope's `data`; throws StudentApiError with the server's message. */
export async function studentRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const session = options.anonymous ? null : readStudentSession();
  // The API answers its messages in the page's language (issue 20).
  const headers: Record<string, string> = { 'accept-language': currentLanguage() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (session) headers.authorization = `Bearer ${session.token}`;
  let response: Response;
  try {
    response = await fetch(API_BASE + path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new StudentApiError(options.fallback, 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401 && session) {
    forgetStudentSession();
    signedOutHandler?.();
  }
  const failed =
    !response.ok || (typeof body === 'object' && body !== null && 'status' in body && body.status === false);
  if (failed) throw new StudentApiError(envelopeMessage(body) ?? options.fallback, response.status);
  return (body as { data: T }).data;
}
