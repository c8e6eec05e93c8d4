import { sign } from 'node:crypto';
import type { ServiceAccount } from './service-account';
import { parseRetryAfter } from './retry-after';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** A token is renewed this long before Google says it expires, so none is sent stale. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;

/** The token endpoint refused or could not be reached; `retryable` unless the key itself was refused. */
export class AccessTokenError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'AccessTokenError';
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A JWT signed RS256 with the service account's key: the assertion of the JWT bearer grant (RFC 7523). */
function signAssertion(account: ServiceAccount, nowMs: number): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) };
  const claims = {
    iss: account.clientEmail,
    scope: FCM_SCOPE,
    aud: account.tokenUri,
    iat: issuedAt,
    exp: issuedAt + 3600,
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(signingInput), account.privateKey);
  return `${signingInput}.${base64url(signature)}`;
}

export interface AccessTokenSource {
  /** A valid access token: the cached one until near its expiry, else a fresh one. */
  get(): Promise<string>;
  /** Forgets the cached token (the API answered 401 with it). */
  invalidate(): void;
}

/**
 * OAuth2 access tokens for the service account, reused until five minutes before they
 * expire. Concurrent callers share one request to the token endpoint.
 */
export function createAccessTokenSource(
  account: ServiceAccount,
  options: { timeoutMs?: number; now?: () => number } = {},
): AccessTokenSource {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let cached: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: signAssertion(account, now()),
    });
    let response: Response;
    try {
      response = await fetch(account.tokenUri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AccessTokenError(`token endpoint unreachable: ${(error as Error).message}`, true);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      const reason = describeOauthError(text);
      throw new AccessTokenError(
        `token endpoint answered ${response.status}${reason ? `: ${reason}` : ''}`,
        retryable,
        parseRetryAfter(response.headers.get('retry-after'), now()),
      );
    }
    const parsed = safeJson(text) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (typeof parsed?.access_token !== 'string' || !parsed.access_token) {
      throw new AccessTokenError('token endpoint answered without an access_token', true);
    }
    const lifetimeMs = (typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600) * 1000;
    cached = { token: parsed.access_token, renewAt: now() + Math.max(0, lifetimeMs - RENEW_BEFORE_MS) };
    return parsed.access_token;
  }

  return {
    async get() {
      if (cached && now() < cached.renewAt) return cached.token;
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate() {
      cached = undefined;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeOauthError(text: string): string {
  const body = safeJson(text) as { error?: unknown; error_description?: unknown } | undefined;
  if (!body) return '';
  return [body.error, body.error_description]
    .filter((part) => typeof part === 'string')
    .join(' ')
    .slice(0, 200);
}
