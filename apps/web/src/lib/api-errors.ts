import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { coreMessages } from '@app/shared';

/** The body the API answers with, success or failure (DESIGN.md §4). */
export interface ApiEnvelope<T = unknown> {
  status: boolean | 'success' | string;
  code?: number;
  message?: string;
  data?: T;
  errors?: { field: string; message: string }[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The message a failure envelope carries: `message`, else the first `errors[]` entry. */
export function envelopeMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.message === 'string' && body.message.trim()) return body.message;
  const first: unknown = Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (isRecord(first) && typeof first.message === 'string' && first.message.trim()) return first.message;
  return undefined;
}

/**
 * The text to show for a failed call (SPEC.md §8): the server's message, else the
 * error's own message for network failures, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isRecord(error)) return fallback;
  const fromBody = envelopeMessage(error.data);
  if (fromBody) return fromBody;
  // A network failure or timeout: fetchBaseQuery gives `String(error)`, e.g. "TypeError: Failed to fetch".
  if ((error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') && typeof error.error === 'string') {
    return error.error.replace(/^\w*Error:\s*/, '') || fallback;
  }
  // A thrown SerializedError (e.g. from unwrap of a rejected thunk).
  if (!('status' in error) && typeof error.message === 'string' && error.message) return error.message;
  return fallback;
}

/**
 * Whether a result means the session is no longer valid (SPEC.md §8): HTTP 401, an
 * envelope with status false and code 401, or the token messages.
 */
export function isAuthFailure(result: { error?: FetchBaseQueryError | SerializedError; data?: unknown }): boolean {
  const { error, data } = result;
  if (error && 'status' in error && error.status === 401) return true;
  const body = error && 'data' in error ? error.data : data;
  if (!isRecord(body)) return false;
  if (body.status === false && body.code === 401) return true;
  // Read here rather than at load: the prerendered sign-in page's script imports this module
  // without the message catalogue (docs/decisions.md, "Web performance").
  const authFailureMessages: readonly string[] = [coreMessages.auth.invalidToken, coreMessages.auth.missingToken];
  return typeof body.message === 'string' && authFailureMessages.includes(body.message);
}
