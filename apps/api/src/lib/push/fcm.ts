import { AccessTokenError, createAccessTokenSource, type AccessTokenSource } from './google-auth';
import type { PushMessage, PushProvider, PushResult } from './provider';
import { parseRetryAfter } from './retry-after';
import type { ServiceAccount } from './service-account';

export const DEFAULT_FCM_API_BASE = 'https://fcm.googleapis.com';

interface FcmErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errorCode?: string }[];
  };
}

/** FCM's own error code (UNREGISTERED, QUOTA_EXCEEDED...) from `details[]`, else the Google status. */
function errorCodeOf(body: FcmErrorBody | undefined): string | undefined {
  const fromDetails = body?.error?.details?.find((detail) => typeof detail.errorCode === 'string')?.errorCode;
  return fromDetails ?? body?.error?.status;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads an FCM answer as a `PushResult` (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). */
function interpretFcmResponse(status: number, text: string, retryAfterMs: number | undefined): PushResult {
  const body = parseJson(text) as (FcmErrorBody & { name?: unknown }) | undefined;
  if (status >= 200 && status < 300) {
    return { outcome: 'delivered', messageId: typeof body?.name === 'string' ? body.name : undefined };
  }
  const code = errorCodeOf(body);
  const error = `FCM ${status}${code ? ` ${code}` : ''}${body?.error?.message ? `: ${body.error.message}` : ''}`.slice(
    0,
    500,
  );
  if (code === 'UNREGISTERED') return { outcome: 'unregistered', error };
  if (status === 429 || status >= 500) return { outcome: 'retry', error, retryAfterMs };
  return { outcome: 'failed', error };
}

/**
 * Firebase Cloud Messaging HTTP v1: one `messages:send` per device, with an OAuth2
 * access token from the service account. `apiBase` is configurable so tests can point
 * it at a loopback peer.
 */
export function createFcmProvider(
  account: ServiceAccount,
  options: { apiBase?: string; timeoutMs?: number; tokens?: AccessTokenSource; now?: () => number } = {},
): PushProvider {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokens = options.tokens ?? createAccessTokenSource(account, { timeoutMs, now });
  const base = (options.apiBase ?? DEFAULT_FCM_API_BASE).replace(/\/+$/, '');
  const url = `${base}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`;

  return {
    name: 'fcm',
    async send(message: PushMessage): Promise<PushResult> {
      let accessToken: string;
      try {
        accessToken = await tokens.get();
      } catch (error) {
        if (error instanceof AccessTokenError) {
          return error.retryable
            ? { outcome: 'retry', error: error.message, retryAfterMs: error.retryAfterMs }
            : { outcome: 'failed', error: error.message };
        }
        throw error;
      }
      const payload = {
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          ...(message.data ? { data: message.data } : {}),
          android: { priority: 'high' },
        },
      };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { outcome: 'retry', error: `FCM unreachable: ${(error as Error).message}`.slice(0, 500) };
      }
      const text = await response.text().catch(() => '');
      // A token revoked or expired early: fetch a new one, and send again on the next attempt.
      if (response.status === 401) {
        tokens.invalidate();
        return { outcome: 'retry', error: 'FCM 401: access token refused' };
      }
      return interpretFcmResponse(response.status, text, parseRetryAfter(response.headers.get('retry-after'), now()));
    },
  };
}
