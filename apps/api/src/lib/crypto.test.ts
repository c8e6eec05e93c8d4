import { describe, expect, it } from 'vitest';
import { createFieldCipher, createKeyedHash, deriveKey } from './crypto';

describe('field cipher (AES-256-GCM)', () => {
  const cipher = createFieldCipher('a-secret-of-at-least-32-characters!!', 'aadhaar');

  it('round-trips, with a fresh IV every time', () => {
    const one = cipher.encrypt('234123412346', 'row-1');
    const two = cipher.encrypt('234123412346', 'row-1');
    expect(one).not.toBe(two);
    expect(cipher.decrypt(one, 'row-1')).toBe('234123412346');
    expect(cipher.decrypt(two, 'row-1')).toBe('234123412346');
  });

  it('refuses a tampered ciphertext, another row, another key and an unknown format', () => {
    const stored = cipher.encrypt('234123412346', 'row-1');
    const [format, iv, tag, data] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([format, iv, tag, flipped.toString('base64url')].join('.'), 'row-1')).toThrow();
    expect(() => cipher.decrypt(stored, 'row-2')).toThrow();
    expect(() =>
      createFieldCipher('another-secret-of-at-least-32-chars!', 'aadhaar').decrypt(stored, 'row-1'),
    ).toThrow();
    expect(() => createFieldCipher('a-secret-of-at-least-32-characters!!', 'other').decrypt(stored, 'row-1')).toThrow();
    expect(() => cipher.decrypt('plain text', 'row-1')).toThrow('Unrecognised ciphertext format');
  });
});

describe('keys and hashes', () => {
  it('derives distinct keys per purpose, the same on every call', () => {
    expect(deriveKey('s', 'a')).toEqual(deriveKey('s', 'a'));
    expect(deriveKey('s', 'a')).not.toEqual(deriveKey('s', 'b'));
    expect(deriveKey('s', 'a')).toHaveLength(32);
  });

  it('hashes equal values equally, per secret and purpose', () => {
    const hash = createKeyedHash('s', 'aadhaar-hash');
    expect(hash('234123412346')).toBe(hash('234123412346'));
    expect(hash('234123412346')).not.toBe(hash('234123412347'));
    expect(createKeyedHash('t', 'aadhaar-hash')('234123412346')).not.toBe(hash('234123412346'));
    expect(hash('234123412346')).toMatch(/^[0-9a-f]{64}$/);
  });
});
