import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUrlSigner, hmacSha256 } from './signed-urls';

describe('hmacSha256', () => {
  it('gives the signatures createHmac gives, for keys shorter and longer than a block', () => {
    for (const length of [16, 32, 64, 65, 100]) {
      const key = randomBytes(length);
      const hmac = hmacSha256(key);
      for (const message of ['', 'a', 'x'.repeat(300), 'students/ü/profile.webp\n1\nsession\n2']) {
        expect(hmac(message)).toBe(createHmac('sha256', key).update(message).digest('base64url'));
      }
    }
  });
});

describe('createUrlSigner', () => {
  it('writes the query URLSearchParams would write, and its links match', () => {
    const signer = createUrlSigner('s'.repeat(64), { ttlSeconds: 300, basePath: '/api/files' });
    const viewer = { sessionId: '2DA9A175-3d8b-440f-a5bb-7208a3331c90', passwordStamp: '1732468800000000' };
    const link = signer.sign('students/a/profile.webp', viewer, 1_000_000_000_000);
    const url = new URL(link, 'http://localhost');
    const query = Object.fromEntries(url.searchParams);
    expect(url.search.slice(1)).toBe(new URLSearchParams(query).toString());
    expect(query).toMatchObject({ exp: '1000000500', ses: viewer.sessionId });
    expect(signer.matches('students/a/profile.webp', query, viewer)).toBe(true);
    expect(signer.matches('students/b/profile.webp', query, viewer)).toBe(false);
    expect(signer.matches('students/a/profile.webp', query, { ...viewer, passwordStamp: '1' })).toBe(false);
  });
});
