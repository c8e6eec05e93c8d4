import { createHash, type Hash } from 'node:crypto';
import { deriveKey, safeEqual } from '../crypto';

/** The query a signed file URL carries. */
interface SignedUrlQuery {
  exp?: string;
  ses?: string;
  sig?: string;
}

/** Whom a link is made for: one session, as long as its account's password stays the same. */
export interface LinkViewer {
  sessionId: string;
  /** Changes with the account's password (`LiveSession.passwordStamp`). */
  passwordStamp: string;
}

type LinkRead = { ok: true; sessionId: string } | { ok: false; reason: 'unsigned' | 'expired' | 'invalid' };

export interface UrlSigner {
  /** A URL for `key`, valid for one session until its expiry. */
  sign(key: string, viewer: LinkViewer, nowMs?: number): string;
  /** First step of checking a link: well formed and unexpired, it names its session. */
  read(query: SignedUrlQuery, nowMs?: number): LinkRead;
  /** Second step: whether the signature is the one made for `key` and the session as it is now. */
  matches(key: string, query: SignedUrlQuery, viewer: LinkViewer): boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signed URLs for private files (an `<img>` cannot send a bearer token): an
 * HMAC-SHA-256 over key, expiry, session and password stamp, so a link dies when its
 * session ends or the password changes (the server checks the session on every
 * serve). Expiries are rounded up to the next `ttlSeconds` boundary, so a list fetched
 * twice within a window answers the same URLs and the browser can reuse its cached
 * images; a URL lives between one and two windows.
 */
export function createUrlSigner(appSecret: string, options: { ttlSeconds: number; basePath: string }): UrlSigner {
  const { ttlSeconds, basePath } = options;
  const hmac = hmacSha256(deriveKey(appSecret, 'file-url-signature'));
  const signature = (storageKey: string, exp: string, viewer: LinkViewer) =>
    hmac(`${storageKey}\n${exp}\n${viewer.sessionId.toLowerCase()}\n${viewer.passwordStamp}`);

  return {
    sign(storageKey, viewer, nowMs = Date.now()) {
      const exp = String(Math.ceil(nowMs / 1000 / ttlSeconds + 1) * ttlSeconds);
      const sig = signature(storageKey, exp, viewer);
      // Digits, a UUID and base64url need no escaping: the query URLSearchParams would write.
      const query = UUID.test(viewer.sessionId)
        ? `exp=${exp}&ses=${viewer.sessionId}&sig=${sig}`
        : new URLSearchParams({ exp, ses: viewer.sessionId, sig }).toString();
      return `${basePath}/${storageKey}?${query}`;
    },

    read({ exp, ses, sig }, nowMs = Date.now()) {
      if (!exp && !ses && !sig) return { ok: false, reason: 'unsigned' };
      if (!exp || !ses || !sig || !/^\d{1,12}$/.test(exp) || !UUID.test(ses)) return { ok: false, reason: 'invalid' };
      if (Number(exp) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
      return { ok: true, sessionId: ses.toLowerCase() };
    },

    matches(storageKey, { exp, sig }, viewer) {
      return Boolean(exp && sig) && safeEqual(sig!, signature(storageKey, exp!, viewer));
    },
  };
}

/**
 * HMAC-SHA-256 (RFC 2104) under one key, base64url: the same signatures as `createHmac`, with
 * the key's two padded blocks hashed once and copied for each message instead of set up
 * again every time (a student list signs two links a row: issue 18, bench/lists.ts).
 */
export function hmacSha256(key: Buffer): (message: string) => string {
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(block);
  const padded = (pad: number): Hash => createHash('sha256').update(block.map((byte) => byte ^ pad));
  const inner = padded(0x36);
  const outer = padded(0x5c);
  return (message) => outer.copy().update(inner.copy().update(message).digest()).digest('base64url');
}

/** Where signed file URLs point, and how long a window lasts (URLs live one to two windows). */
export const FILE_URL_BASE_PATH = '/api/files';
export const FILE_URL_TTL_SECONDS = 300;
