import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
  type KeyObject,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Web Push service on 127.0.0.1 for tests (RFC 8030), as a browser vendor's would be: it
 * checks each request's VAPID JWT (RFC 8292: ES256 against the `k=` key, `aud` the
 * endpoint's origin, `exp` in the future and at most 24 h ahead, `sub` a mailto: or https:
 * contact) and decrypts the aes128gcm body (RFC 8188) with the subscriber's private key
 * and auth secret (RFC 8291), with node:crypto alone: none of web-push's code, so a test
 * that passes proves the server's messages would be readable by a real browser. It records
 * every request and answers 201, or what a test planned (404/410/429/500...).
 *
 * Used by the API tests and the browser journeys (`startWebPushService()`); the server must
 * run with `WEB_PUSH_ALLOW_LOOPBACK=true` to accept and send to its http://127.0.0.1 endpoints.
 */

/** A browser's subscription as `PushSubscription.toJSON()` gives it, with the private half a browser keeps. */
export interface TestSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
  /** The subscriber's ECDH key pair (P-256); its public half is `keys.p256dh`. */
  ecdh: ECDH;
  /** `{ endpoint, expirationTime, keys }`: what the student app sends to POST /api/devices. */
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/** A new subscriber key pair and auth secret for `endpoint`, as a browser makes them. */
export function createTestSubscription(endpoint: string): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  return {
    endpoint,
    expirationTime: null,
    keys,
    ecdh,
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
  };
}

export interface VapidCheck {
  valid: boolean;
  reason?: string;
  /** The `k=` key (base64url) the request named. */
  publicKey?: string;
  claims?: Record<string, unknown>;
}

export interface ReceivedPush {
  endpoint: string;
  vapid: VapidCheck;
  ttl: string | undefined;
  urgency: string | undefined;
  contentEncoding: string | undefined;
  /** The decrypted payload (UTF-8), when VAPID and decryption succeeded. */
  payload?: string;
  /** Why the body could not be decrypted. */
  decryptError?: string;
  answeredStatus: number;
}

export interface PlannedPushAnswer {
  status: number;
  headers?: Record<string, string>;
}

export interface WebPushService {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /**
   * A new subscription on this service. With `applicationServerKey` (the server's VAPID
   * public key), pushes signed with another key are refused with 403, as real services do.
   */
  subscribe(options?: { applicationServerKey?: string }): TestSubscription;
  /** Every request received, in order (refused ones too). */
  messages: ReceivedPush[];
  /** The requests to one endpoint. */
  messagesFor(endpoint: string): ReceivedPush[];
  /** The decrypted payloads delivered to one endpoint (201 answers), parsed as JSON. */
  delivered(endpoint: string): unknown[];
  /** Answers the next pushes to `endpoint` with these, in order; then 201 again. */
  plan(endpoint: string, answers: PlannedPushAnswer[]): void;
  /** Answers every later push to `endpoint` with 410 Gone (the browser unsubscribed). */
  unsubscribe(endpoint: string): void;
  close(): Promise<void>;
}

const VAPID_MAX_AHEAD_SECONDS = 24 * 60 * 60;

/** The `k=` key as a KeyObject: an uncompressed P-256 point. */
function p256PublicKey(raw: Buffer): KeyObject {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

function decodeJson(part: string | undefined): Record<string, unknown> | undefined {
  if (!part) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3) for a push to `endpoint`. */
export function checkVapid(authorization: string | undefined, endpoint: string, nowSeconds: number): VapidCheck {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return { valid: false, reason: 'no vapid authorization' };
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const [name, ...value] = part.trim().split('=');
    if (name) params.set(name.trim().toLowerCase(), value.join('=').trim());
  }
  const token = params.get('t');
  const publicKey = params.get('k');
  if (!token || !publicKey) return { valid: false, reason: 'missing t or k' };
  const [headerPart, claimsPart, signaturePart, ...rest] = token.split('.');
  const header = decodeJson(headerPart);
  const claims = decodeJson(claimsPart);
  if (!header || !claims || !signaturePart || rest.length > 0)
    return { valid: false, reason: 'malformed JWT', publicKey };
  if (header.alg !== 'ES256') return { valid: false, reason: `alg ${String(header.alg)}`, publicKey, claims };
  let key: KeyObject;
  try {
    key = p256PublicKey(Buffer.from(publicKey, 'base64url'));
  } catch (error) {
    return { valid: false, reason: (error as Error).message, publicKey, claims };
  }
  const signature = Buffer.from(signaturePart, 'base64url');
  const signed =
    signature.length === 64 &&
    verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), { key, dsaEncoding: 'ieee-p1363' }, signature);
  if (!signed) return { valid: false, reason: 'bad signature', publicKey, claims };
  if (claims.aud !== new URL(endpoint).origin)
    return { valid: false, reason: `aud ${String(claims.aud)}`, publicKey, claims };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)
    return { valid: false, reason: 'expired', publicKey, claims };
  if (claims.exp > nowSeconds + VAPID_MAX_AHEAD_SECONDS) {
    return { valid: false, reason: 'exp more than 24 hours ahead', publicKey, claims };
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    return { valid: false, reason: 'sub is not a mailto: or https: contact', publicKey, claims };
  }
  return { valid: true, publicKey, claims };
}

/**
 * Decrypts an aes128gcm push body (RFC 8188 §2, keys from RFC 8291 §3.4) with the
 * subscriber's ECDH key pair and auth secret; throws when it cannot be read.
 */
export function decryptAes128gcm(body: Buffer, subscriber: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) throw new Error("keyid is not the sender's P-256 key");
  if (recordSize < 18) throw new Error(`record size ${recordSize}`);
  const ciphertext = body.subarray(21 + idLength);

  const receiverPublic = subscriber.getPublicKey();
  const ecdhSecret = subscriber.computeSecret(senderPublic);
  // IKM = HKDF(salt = auth secret, ikm = ECDH secret, info = "WebPush: info" 0x00 ua_public as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonceBase = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const plaintext: Buffer[] = [];
  let sequence = 0;
  for (let offset = 0; offset < ciphertext.length; offset += recordSize, sequence += 1) {
    const record = ciphertext.subarray(offset, Math.min(offset + recordSize, ciphertext.length));
    const last = offset + recordSize >= ciphertext.length;
    if (record.length < 17) throw new Error('record shorter than its tag');
    const nonce = Buffer.from(nonceBase);
    // The record's sequence number (a 96-bit big-endian integer) XORed into the nonce.
    for (let byte = 0; byte < 4; byte += 1) nonce[11 - byte] = nonce[11 - byte]! ^ ((sequence >>> (8 * byte)) & 0xff);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Data, then the delimiter (2 in the last record, 1 before), then zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (end < 0 || padded[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    plaintext.push(padded.subarray(0, end));
  }
  return Buffer.concat(plaintext);
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startWebPushService(options: { port?: number } = {}): Promise<WebPushService> {
  const subscriptions = new Map<string, { subscription: TestSubscription; applicationServerKey?: string }>();
  const plans = new Map<string, PlannedPushAnswer[]>();
  const gone = new Set<string>();
  const messages: ReceivedPush[] = [];
  let serial = 0;
  let url = '';

  const server = http.createServer((request, response) => {
    const answer = (status: number, headers: Record<string, string> = {}) => {
      response.writeHead(status, headers);
      response.end();
      return status;
    };
    void (async () => {
      const body = await readBody(request);
      const endpoint = `${url}${request.url ?? '/'}`;
      const known = subscriptions.get(endpoint);
      if (request.method !== 'POST' || !known) return answer(404);
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const record: ReceivedPush = {
        endpoint,
        vapid: checkVapid(header('authorization'), endpoint, Math.floor(Date.now() / 1000)),
        ttl: header('ttl'),
        urgency: header('urgency'),
        contentEncoding: header('content-encoding'),
        answeredStatus: 0,
      };
      messages.push(record);
      const finish = (status: number, headers?: Record<string, string>) => {
        record.answeredStatus = status;
        return answer(status, headers);
      };
      if (gone.has(endpoint)) return finish(410);
      if (!record.vapid.valid) return finish(401);
      if (known.applicationServerKey && record.vapid.publicKey !== known.applicationServerKey) return finish(403);
      if (record.ttl === undefined || !/^\d+$/.test(record.ttl)) return finish(400);
      if (record.contentEncoding !== 'aes128gcm') return finish(415);
      if (body.length > 4096) return finish(413);
      try {
        const auth = Buffer.from(known.subscription.keys.auth, 'base64url');
        record.payload = decryptAes128gcm(body, known.subscription.ecdh, auth).toString('utf8');
      } catch (error) {
        record.decryptError = (error as Error).message;
        return finish(400);
      }
      const planned = plans.get(endpoint)?.shift();
      if (planned) return finish(planned.status, planned.headers);
      serial += 1;
      return finish(201, { location: `${url}/message/${serial}` });
    })().catch(() => answer(500));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const messagesFor = (endpoint: string) => messages.filter((message) => message.endpoint === endpoint);
  return {
    url,
    subscribe(subscribeOptions = {}) {
      const subscription = createTestSubscription(`${url}/push/${randomBytes(12).toString('base64url')}`);
      subscriptions.set(subscription.endpoint, {
        subscription,
        applicationServerKey: subscribeOptions.applicationServerKey,
      });
      return subscription;
    },
    messages,
    messagesFor,
    delivered: (endpoint) =>
      messagesFor(endpoint)
        .filter((message) => message.answeredStatus === 201 && message.payload !== undefined)
        .map((message) => JSON.parse(message.payload!) as unknown),
    plan: (endpoint, answers) => plans.set(endpoint, [...(plans.get(endpoint) ?? []), ...answers]),
    unsubscribe: (endpoint) => gone.add(endpoint),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
