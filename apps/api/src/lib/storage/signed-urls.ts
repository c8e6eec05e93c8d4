import { createHmac } from 'node:crypto';
import { deriveKey, safeEqual } from '../crypto';

/** The query a signed file URL carries. */
export interface SignedUrlQuery {
  exp?: string;
  adm?: string;
  sig?: string;
}

export type SignatureCheck = { ok: true; adminId: string } | { ok: false; reason: 'unsigned' | 'expired' | 'invalid' };

export interface UrlSigner {
  /** A URL for `key`, valid for one viewer (`adminId`) until its expiry. */
  sign(key: string, adminId: string, nowMs?: number): string;
  /** Whether a request for `key` carries a valid, unexpired signature. */
  verify(key: string, query: SignedUrlQuery, nowMs?: number): SignatureCheck;
}

const ADMIN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Signed URLs for private files (an `<img>` cannot send a bearer token): an
 * HMAC-SHA-256 over key, expiry and viewer. Expiries are rounded up to the next
 * `ttlSeconds` boundary, so a list fetched twice within a window answers the same
 * URLs and the browser can reuse its cached images; a URL lives between one and two
 * windows.
 */
export function createUrlSigner(appSecret: string, options: { ttlSeconds: number; basePath: string }): UrlSigner {
  const key = deriveKey(appSecret, 'file-url-signature');
  const { ttlSeconds, basePath } = options;
  const signature = (storageKey: string, exp: string, adminId: string) =>
    createHmac('sha256', key).update(`${storageKey}\n${exp}\n${adminId}`).digest('base64url');

  return {
    sign(storageKey, adminId, nowMs = Date.now()) {
      const exp = String(Math.ceil(nowMs / 1000 / ttlSeconds + 1) * ttlSeconds);
      const query = new URLSearchParams({ exp, adm: adminId, sig: signature(storageKey, exp, adminId) });
      return `${basePath}/${storageKey}?${query.toString()}`;
    },

    verify(storageKey, { exp, adm, sig }, nowMs = Date.now()) {
      if (!exp && !adm && !sig) return { ok: false, reason: 'unsigned' };
      if (!exp || !adm || !sig || !/^\d{1,12}$/.test(exp) || !ADMIN_ID.test(adm))
        return { ok: false, reason: 'invalid' };
      if (!safeEqual(sig, signature(storageKey, exp, adm))) return { ok: false, reason: 'invalid' };
      if (Number(exp) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
      return { ok: true, adminId: adm.toLowerCase() };
    },
  };
}

/** Where signed file URLs point, and how long a window lasts (URLs live one to two windows). */
export const FILE_URL_BASE_PATH = '/api/files';
export const FILE_URL_TTL_SECONDS = 300;
