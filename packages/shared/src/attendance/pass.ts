/**
 * Entry passes and ID cards (issue 15): the codes a QR carries, made and checked with
 * WebCrypto (`globalThis.crypto.subtle`), so the student app (offline, in the browser) and
 * the API (Node 20) share one implementation.
 *
 * - Phone pass: `'P' + base64url(session uuid (16 bytes) ‖ step (uint32 BE) ‖ mac (10 bytes))`,
 *   mac = the first 10 bytes of HMAC-SHA-256(pass key, 'pass' ‖ session bytes ‖ step bytes),
 *   step = floor(unix seconds / 30). The code changes every 30 seconds, so a screenshot
 *   forwarded to a friend is stale within a minute.
 * - ID card: `'C' + base64url(card uuid (16 bytes) ‖ mac (12 bytes))`,
 *   mac = the first 12 bytes of HMAC-SHA-256(card key, 'card' ‖ card bytes). Long-lived; the
 *   server revokes it by its id.
 *
 * Keys are base64url text of 32 bytes (the API derives them from its app secret).
 */

/** Seconds a phone pass code lasts before the next one. */
export const PASS_STEP_SECONDS = 30;
/** Steps either side of the server's that are still fresh (clock skew, the time to scan). */
export const PASS_STEP_TOLERANCE = 1;

const PASS_PREFIX = 'P';
const CARD_PREFIX = 'C';
const UUID_BYTES = 16;
const STEP_BYTES = 4;
const PASS_MAC_BYTES = 10;
const CARD_MAC_BYTES = 12;
const PASS_BYTES = UUID_BYTES + STEP_BYTES + PASS_MAC_BYTES;
const CARD_BYTES = UUID_BYTES + CARD_MAC_BYTES;
const PASS_LABEL = [0x70, 0x61, 0x73, 0x73]; // 'pass'
const CARD_LABEL = [0x63, 0x61, 0x72, 0x64]; // 'card'

export interface PassCode {
  kind: 'pass';
  sessionId: string;
  step: number;
  mac: Uint8Array;
}

export interface CardCode {
  kind: 'card';
  cardId: string;
  mac: Uint8Array;
}

export type EntryCode = PassCode | CardCode;

// The shared package is built without DOM types: the little of WebCrypto used here.
interface HmacKey {
  readonly type: string;
}
interface Subtle {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: ['sign'],
  ): Promise<HmacKey>;
  sign(algorithm: 'HMAC', key: HmacKey, data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): Subtle {
  const crypto = (globalThis as unknown as { crypto?: { subtle?: Subtle } }).crypto;
  if (!crypto?.subtle) throw new Error('WebCrypto (crypto.subtle) is not available here');
  return crypto.subtle;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ALPHABET_INDEX = new Map([...ALPHABET].map((char, index) => [char, index]));

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    out += ALPHABET[a >> 2]!;
    out += ALPHABET[((a & 3) << 4) | ((b ?? 0) >> 4)]!;
    if (b !== undefined) out += ALPHABET[((b & 15) << 2) | ((c ?? 0) >> 6)]!;
    if (c !== undefined) out += ALPHABET[c & 63]!;
  }
  return out;
}

/** base64url without padding → bytes; null for any other text (and for a non-canonical ending). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of text) {
    const digit = ALPHABET_INDEX.get(char);
    if (digit === undefined) return null;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (value >> bits) & 0xff;
    }
  }
  // Left-over bits must be zero, so one code has one spelling.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return out;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidToBytes(uuid: string): Uint8Array {
  if (!UUID_PATTERN.test(uuid)) throw new Error('Not a UUID');
  const hex = uuid.replace(/-/g, '');
  const out = new Uint8Array(UUID_BYTES);
  for (let i = 0; i < UUID_BYTES; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToUuid(bytes: Uint8Array): string {
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function stepBytes(step: number): Uint8Array {
  const out = new Uint8Array(STEP_BYTES);
  out[0] = (step >>> 24) & 0xff;
  out[1] = (step >>> 16) & 0xff;
  out[2] = (step >>> 8) & 0xff;
  out[3] = step & 0xff;
  return out;
}

function concat(...parts: ArrayLike<number>[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function keyBytes(key: string): Uint8Array {
  const bytes = fromBase64Url(key);
  if (!bytes || bytes.length < 16) throw new Error('Not a pass key');
  return bytes;
}

async function hmac(key: string, data: Uint8Array, length: number): Promise<Uint8Array> {
  const crypto = subtle();
  const imported = await crypto.importKey('raw', keyBytes(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.sign('HMAC', imported, data)).slice(0, length);
}

/** Compares without stopping at the first difference. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** The 30-second step of an instant (milliseconds since the epoch). */
export function passStep(atMs: number): number {
  return Math.floor(atMs / 1000 / PASS_STEP_SECONDS);
}

/** Whether a pass's step is within the tolerance of the step at `nowMs`. */
export function isFreshPassStep(step: number, nowMs: number): boolean {
  return Math.abs(step - passStep(nowMs)) <= PASS_STEP_TOLERANCE;
}

function passMac(passKey: string, session: Uint8Array, step: number): Promise<Uint8Array> {
  return hmac(passKey, concat(PASS_LABEL, session, stepBytes(step)), PASS_MAC_BYTES);
}

function cardMac(cardKey: string, card: Uint8Array): Promise<Uint8Array> {
  return hmac(cardKey, concat(CARD_LABEL, card), CARD_MAC_BYTES);
}

/** The phone's entry-pass code at `atMs` (the student app makes it offline from its pass key). */
export async function makePassCode(passKey: string, sessionId: string, atMs: number): Promise<string> {
  const session = uuidToBytes(sessionId);
  const step = passStep(atMs);
  const mac = await passMac(passKey, session, step);
  return PASS_PREFIX + toBase64Url(concat(session, stepBytes(step), mac));
}

/** A printed ID card's code. */
export async function makeCardCode(cardKey: string, cardId: string): Promise<string> {
  const card = uuidToBytes(cardId);
  return CARD_PREFIX + toBase64Url(concat(card, await cardMac(cardKey, card)));
}

const PASS_LENGTH = 1 + Math.ceil((PASS_BYTES * 4) / 3);
const CARD_LENGTH = 1 + Math.ceil((CARD_BYTES * 4) / 3);

/**
 * What a scanned code says it is, before any signature is checked: null for anything that is
 * not a pass or card code (wrong prefix, length, alphabet). Surrounding spaces are ignored.
 */
export function readPassCode(code: string): EntryCode | null {
  const text = code.trim();
  const prefix = text.slice(0, 1);
  const body = text.slice(1);
  if (prefix === PASS_PREFIX && text.length === PASS_LENGTH) {
    const bytes = fromBase64Url(body);
    if (!bytes || bytes.length !== PASS_BYTES) return null;
    const step = ((bytes[16]! << 24) >>> 0) + (bytes[17]! << 16) + (bytes[18]! << 8) + bytes[19]!;
    return {
      kind: 'pass',
      sessionId: bytesToUuid(bytes.slice(0, UUID_BYTES)),
      step,
      mac: bytes.slice(UUID_BYTES + STEP_BYTES),
    };
  }
  if (prefix === CARD_PREFIX && text.length === CARD_LENGTH) {
    const bytes = fromBase64Url(body);
    if (!bytes || bytes.length !== CARD_BYTES) return null;
    return { kind: 'card', cardId: bytesToUuid(bytes.slice(0, UUID_BYTES)), mac: bytes.slice(UUID_BYTES) };
  }
  return null;
}

/** Whether a pass code was signed with this session's pass key. */
export async function verifyPassCode(passKey: string, code: PassCode): Promise<boolean> {
  return sameBytes(await passMac(passKey, uuidToBytes(code.sessionId), code.step), code.mac);
}

/** Whether a card code was signed with the card key. */
export async function verifyCardCode(cardKey: string, code: CardCode): Promise<boolean> {
  return sameBytes(await cardMac(cardKey, uuidToBytes(code.cardId)), code.mac);
}
