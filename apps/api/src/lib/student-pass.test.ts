import { describe, expect, it } from 'vitest';
import {
  makeCardCode,
  makePassCode,
  readPassCode,
  verifyCardCode,
  verifyPassCode,
  type PassCode,
  type CardCode,
} from '@app/shared';
import { cardKeyFor, passKeyFor } from './student-pass';

const SECRET = 'a'.repeat(48);
const SESSION = '3f2a9c1e-7b4d-4e8a-9f10-0123456789ab';
const OTHER = '3f2a9c1e-7b4d-4e8a-9f10-0123456789aa';

describe('student pass keys', () => {
  it('are 32 bytes of base64url, the same on every call, distinct per session, secret and purpose', () => {
    const key = passKeyFor(SECRET, SESSION);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(passKeyFor(SECRET, SESSION)).toBe(key);
    expect(passKeyFor(SECRET, SESSION.toUpperCase())).toBe(key);
    expect(passKeyFor(SECRET, OTHER)).not.toBe(key);
    expect(passKeyFor('b'.repeat(48), SESSION)).not.toBe(key);
    expect(cardKeyFor(SECRET)).not.toBe(key);
    expect(Buffer.from(cardKeyFor(SECRET), 'base64url')).toHaveLength(32);
  });

  it('sign codes the shared reader verifies (Node WebCrypto), and another session key does not', async () => {
    const at = Date.UTC(2026, 10, 24, 9, 30);
    const code = readPassCode(await makePassCode(passKeyFor(SECRET, SESSION), SESSION, at)) as PassCode;
    expect(await verifyPassCode(passKeyFor(SECRET, SESSION), code)).toBe(true);
    expect(await verifyPassCode(passKeyFor(SECRET, OTHER), code)).toBe(false);
    const card = readPassCode(await makeCardCode(cardKeyFor(SECRET), SESSION)) as CardCode;
    expect(await verifyCardCode(cardKeyFor(SECRET), card)).toBe(true);
    expect(await verifyCardCode(cardKeyFor('b'.repeat(48)), card)).toBe(false);
  });
});
