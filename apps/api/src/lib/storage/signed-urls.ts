import { createHash, hash } from 'node:crypto';
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
  /**
   * `sign` for one viewer at one moment, for many keys (a page of students: two links a row):
   * the expiry and the query's session part worked out once; each key's link is `sign`'s.
   */
  signerFor(viewer: LinkViewer, nowMs?: number): (key: string) => string;
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
  const expiryOf = (nowMs: number) => String(Math.ceil(nowMs / 1000 / ttlSeconds + 1) * ttlSeconds);

  const signerFor = (viewer: LinkViewer, nowMs = Date.now()) => {
    const exp = expiryOf(nowMs);
    // What every signed message of this viewer and expiry ends with, and the query's start.
    const signed = `\n${exp}\n${viewer.sessionId.toLowerCase()}\n${viewer.passwordStamp}`;
    // Digits, a UUID and base64url need no escaping: the query URLSearchParams would write.
    const query = UUID.test(viewer.sessionId)
      ? `exp=${exp}&ses=${viewer.sessionId}&sig=`
      : `${new URLSearchParams({ exp, ses: viewer.sessionId }).toString()}&sig=`;
    return (storageKey: string) => `${basePath}/${storageKey}?${query}${hmac(storageKey + signed)}`;
  };

  return {
    sign: (storageKey, viewer, nowMs) => signerFor(viewer, nowMs)(storageKey),
    signerFor,

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
 * HMAC-SHA-256 (RFC 2104) under one key, base64url: the same signatures as `createHmac`, as
 * two one-shot hashes (`crypto.hash`) over the key's padded blocks written once: the inner one
 * over the inner block and the message, written into a buffer kept for it, the outer one over
 * the outer block and the inner digest. A `Hash` object made, copied or updated costs more
 * than the hashing of these few blocks (a student list signs two links a row: issue 18,
 * bench/lists.ts); this is about 40 % quicker than copying prehashed states.
 */
export function hmacSha256(key: Buffer): (message: string) => string {
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(block);
  // The inner block, then room for a message (grown for a longer one).
  let inner = Buffer.alloc(64 + 512);
  for (let i = 0; i < 64; i++) inner[i] = block[i]! ^ 0x36;
  // The outer block, then the inner digest.
  const outer = Buffer.alloc(64 + 32);
  for (let i = 0; i < 64; i++) outer[i] = block[i]! ^ 0x5c;
  return (message) => {
    // UTF-8 takes at most three bytes a UTF-16 unit: room for that, so `write` never cuts it short.
    if (64 + 3 * message.length > inner.length) {
      const grown = Buffer.alloc(64 + 3 * message.length);
      inner.copy(grown, 0, 0, 64);
      inner = grown;
    }
    const length = inner.write(message, 64, 'utf8');
    hash('sha256', inner.subarray(0, 64 + length), 'buffer').copy(outer, 64);
    return hash('sha256', outer, 'base64url');
  };
}

/** Where signed file URLs point, and how long a window lasts (URLs live one to two windows). */
export const FILE_URL_BASE_PATH = '/api/files';
export const FILE_URL_TTL_SECONDS = 300;
