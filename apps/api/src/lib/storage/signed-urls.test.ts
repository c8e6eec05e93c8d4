import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUrlSigner, hmacSha256 } from './signed-urls';

describe('hmacSha256', () => {
  it('gives the signatures createHmac gives, for keys shorter and longer than a block', () => {
    for (const length of [16, 32, 64, 65, 100]) {
      const key = randomBytes(length);
      const hmac = hmacSha256(key);
      // Short and long messages in turn: the buffer kept for the message grows and is reused.
      const messages = ['', 'a', 'x'.repeat(300), 'ü€😀'.repeat(400), 'b', 'students/ü/profile.webp\n1\nsession\n2'];
      for (const message of messages) {
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

  it('signs many keys for one viewer and moment as `sign` signs each', () => {
    const signer = createUrlSigner('t'.repeat(64), { ttlSeconds: 300, basePath: '/api/files' });
    for (const sessionId of ['2da9a175-3d8b-440f-a5bb-7208a3331c90', 'not a uuid & more']) {
      const viewer = { sessionId, passwordStamp: '1732468800000001' };
      const now = 1_700_000_123_456;
      const sign = signer.signerFor(viewer, now);
      for (const key of ['lib/students/a/profile-x.webp', 'lib/students/b/thumb-y.webp']) {
        expect(sign(key)).toBe(signer.sign(key, viewer, now));
        expect(
          signer.matches(key, Object.fromEntries(new URL(sign(key), 'http://localhost').searchParams), viewer),
        ).toBe(true);
      }
    }
  });
});
