import { describe, expect, it } from 'vitest';
import {
  fromBase64Url,
  isFreshPassStep,
  makeCardCode,
  makePassCode,
  passStep,
  readPassCode,
  toBase64Url,
  verifyCardCode,
  verifyPassCode,
  type CardCode,
  type PassCode,
} from './pass';

const KEY = toBase64Url(new Uint8Array(32).map((_, i) => i + 1));
const OTHER_KEY = toBase64Url(new Uint8Array(32).map((_, i) => 200 - i));
const SESSION = '3f2a9c1e-7b4d-4e8a-9f10-0123456789ab';
const OTHER_SESSION = '3f2a9c1e-7b4d-4e8a-9f10-0123456789aa';
const CARD = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const AT = Date.UTC(2026, 10, 24, 12, 0, 7);

async function pass(code: string): Promise<PassCode> {
  const read = readPassCode(code);
  if (read?.kind !== 'pass') throw new Error('not a pass');
  return read;
}

describe('base64url', () => {
  it('round-trips every length and refuses other alphabets and non-canonical endings', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 37 + length) & 0xff);
      const text = toBase64Url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64Url(text)).toEqual(bytes);
    }
    expect(fromBase64Url('ab+/')).toBeNull();
    expect(fromBase64Url('abcde')).toBeNull();
    // 'AB' is the only spelling of [0]: 'AB' carries left-over bits.
    expect(fromBase64Url('AA')).toEqual(new Uint8Array([0]));
    expect(fromBase64Url('AB')).toBeNull();
  });
});

describe('phone pass codes', () => {
  it('reads back the session and step, verifies with its key, and changes every 30 seconds', async () => {
    const code = await makePassCode(KEY, SESSION, AT);
    expect(code).toMatch(/^P[A-Za-z0-9_-]{40}$/);
    const read = await pass(code);
    expect(read.sessionId).toBe(SESSION);
    expect(read.step).toBe(passStep(AT));
    expect(read.step).toBe(Math.floor(AT / 30_000));
    expect(await verifyPassCode(KEY, read)).toBe(true);

    expect(await makePassCode(KEY, SESSION, AT + 1_000)).toBe(code);
    const next = await makePassCode(KEY, SESSION, AT + 30_000);
    expect(next).not.toBe(code);
    expect((await pass(next)).step).toBe(read.step + 1);
  });

  it('accepts an upper-case session id as the same session, and ignores surrounding spaces', async () => {
    const code = await makePassCode(KEY, SESSION.toUpperCase(), AT);
    expect(code).toBe(await makePassCode(KEY, SESSION, AT));
    expect(readPassCode(`  ${code}\n`)).not.toBeNull();
  });

  it('refuses a forged MAC', async () => {
    const read = await pass(await makePassCode(KEY, SESSION, AT));
    const forged = { ...read, mac: read.mac.map((byte, i) => (i === 3 ? byte ^ 1 : byte)) };
    expect(await verifyPassCode(KEY, forged)).toBe(false);
    expect(await verifyPassCode(KEY, { ...read, mac: new Uint8Array(10) })).toBe(false);
  });

  it('refuses a code signed with another key', async () => {
    const read = await pass(await makePassCode(OTHER_KEY, SESSION, AT));
    expect(await verifyPassCode(KEY, read)).toBe(false);
    expect(await verifyPassCode(OTHER_KEY, read)).toBe(true);
  });

  it('refuses a code moved to another session or another step', async () => {
    const read = await pass(await makePassCode(KEY, SESSION, AT));
    expect(await verifyPassCode(KEY, { ...read, sessionId: OTHER_SESSION })).toBe(false);
    expect(await verifyPassCode(KEY, { ...read, step: read.step + 1 })).toBe(false);
    // Re-encoded by hand: another session's bytes with this MAC.
    const code = await makePassCode(KEY, SESSION, AT);
    const bytes = fromBase64Url(code.slice(1))!;
    bytes[15] = bytes[15]! ^ 1;
    const moved = await pass('P' + toBase64Url(bytes));
    expect(moved.sessionId).toBe(OTHER_SESSION);
    expect(await verifyPassCode(KEY, moved)).toBe(false);
  });

  it('does not read a truncated, lengthened or mangled code', async () => {
    const code = await makePassCode(KEY, SESSION, AT);
    expect(readPassCode(code.slice(0, -1))).toBeNull();
    expect(readPassCode(code.slice(0, 20))).toBeNull();
    expect(readPassCode(code + 'A')).toBeNull();
    expect(readPassCode('X' + code.slice(1))).toBeNull();
    expect(readPassCode('C' + code.slice(1))).toBeNull();
    expect(readPassCode(code.slice(0, -1) + '+')).toBeNull();
    expect(readPassCode('')).toBeNull();
    expect(readPassCode('9876543210')).toBeNull();
  });

  it('is fresh within one step either side of now', () => {
    const step = passStep(AT);
    expect(isFreshPassStep(step, AT)).toBe(true);
    expect(isFreshPassStep(step - 1, AT)).toBe(true);
    expect(isFreshPassStep(step + 1, AT)).toBe(true);
    expect(isFreshPassStep(step - 2, AT)).toBe(false);
    expect(isFreshPassStep(step + 2, AT)).toBe(false);
  });

  it('refuses a key that is not base64url of at least 16 bytes', async () => {
    await expect(makePassCode('not a key!', SESSION, AT)).rejects.toThrow();
    await expect(makePassCode(KEY, 'not-a-uuid', AT)).rejects.toThrow();
  });
});

describe('ID card codes', () => {
  it('reads back the card and verifies with the card key only', async () => {
    const code = await makeCardCode(KEY, CARD);
    expect(code).toMatch(/^C[A-Za-z0-9_-]{38}$/);
    const read = readPassCode(code) as CardCode;
    expect(read.kind).toBe('card');
    expect(read.cardId).toBe(CARD);
    expect(await verifyCardCode(KEY, read)).toBe(true);
    expect(await verifyCardCode(OTHER_KEY, read)).toBe(false);
    expect(await verifyCardCode(KEY, { ...read, mac: read.mac.map((b) => b ^ 0x80) })).toBe(false);
    expect(readPassCode(code.slice(0, -2))).toBeNull();
  });

  it('a pass MAC is not a card MAC for the same bytes', async () => {
    const read = await pass(await makePassCode(KEY, CARD, AT));
    const card: CardCode = { kind: 'card', cardId: CARD, mac: new Uint8Array([...read.mac, 0, 0]) };
    expect(await verifyCardCode(KEY, card)).toBe(false);
  });
});
