import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newSessionToken } from './tokens';

describe('hashToken', () => {
  it('is the hex SHA-256 the sessions table has always kept', () => {
    for (const token of [newSessionToken(), newSessionToken(), '', 'ü-not-base64url', 'x'.repeat(200)]) {
      expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    }
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
