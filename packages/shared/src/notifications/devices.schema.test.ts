import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import {
  anyDeviceRegistrationSchema,
  base64UrlBytes,
  deviceRegistrationSchema,
  formatPairingCode,
  isAllowedPushEndpoint,
  isP256PublicKey,
  normalizePairingCode,
  WEB_PUSH_ENDPOINT_MAX,
  webPushRegistrationSchema,
} from './devices.schema';

describe('pairing codes', () => {
  it('reads a code however it was typed', () => {
    expect(normalizePairingCode('k7qh-3mzp')).toBe('K7QH3MZP');
    expect(normalizePairingCode(' K7QH 3MZP ')).toBe('K7QH3MZP');
    // Letters people mistake for digits are read as those digits.
    expect(normalizePairingCode('OIL0-1ABC')).toBe('01101ABC');
    expect(formatPairingCode('K7QH3MZP')).toBe('K7QH-3MZP');
  });

  it('accepts only 8 characters of the alphabet', () => {
    const parse = (pairingCode: string) =>
      deviceRegistrationSchema.safeParse({ pairingCode, fcmToken: 'a'.repeat(30), platform: 'web' }).success;
    expect(parse('k7qh-3mzp')).toBe(true);
    expect(parse('K7QH3MZ')).toBe(false);
    expect(parse('K7QH3MZPQ')).toBe(false);
    expect(parse('K7QH3MZU')).toBe(false); // no U in Crockford's alphabet
  });
});

describe('Web Push subscriptions (issue 15)', () => {
  const d = messages.notification.devices;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  /** base64url without padding (this package is typed without Node's Buffer). */
  const b64 = (bytes: Uint8Array) => {
    let text = '';
    for (let index = 0; index < bytes.length; index += 3) {
      const chunk = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
      const chars = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
      for (let char = 0; char < chars; char += 1) text += alphabet[(chunk >> (18 - 6 * char)) & 63];
    }
    return text;
  };
  interface WebCrypto {
    getRandomValues(bytes: Uint8Array): Uint8Array;
    subtle: {
      generateKey(algorithm: object, extractable: boolean, usages: string[]): Promise<{ publicKey: unknown }>;
      exportKey(format: 'raw', key: unknown): Promise<ArrayBuffer>;
    };
  }
  const crypto = (globalThis as unknown as { crypto: WebCrypto }).crypto;

  async function subscription(endpoint = 'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b-abc') {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    return {
      endpoint,
      expirationTime: null,
      keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
    };
  }
  const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it("accepts a browser's subscription as PushSubscription.toJSON() gives it", async () => {
    const body = { platform: 'web', subscription: await subscription() };
    const parsed = anyDeviceRegistrationSchema().parse(body);
    expect(parsed).toMatchObject({ kind: 'web', platform: 'web', subscription: body.subscription });
    // The pairing-code body is read as before.
    expect(
      anyDeviceRegistrationSchema().parse({ pairingCode: 'k7qh-3mzp', fcmToken: 'a'.repeat(30), platform: 'android' }),
    ).toMatchObject({ kind: 'code', pairingCode: 'K7QH3MZP' });
  });

  it('refuses a p256dh that is not a point on P-256, and an auth secret that is not 16 bytes', async () => {
    const good = await subscription();
    const raw = base64UrlBytes(good.keys.p256dh)!;
    expect(b64(raw)).toBe(good.keys.p256dh);
    const offCurve = raw.slice();
    offCurve[64] = offCurve[64]! ^ 1; // y changed by one bit: no longer on the curve
    const compressed = new Uint8Array([0x02 + (raw[64]! & 1), ...raw.subarray(1, 33)]);
    const schema = webPushRegistrationSchema();
    for (const p256dh of [
      b64(offCurve),
      b64(compressed),
      b64(new Uint8Array(65)),
      'not base64!',
      '',
      'A'.repeat(300),
    ]) {
      const result = schema.safeParse({ platform: 'web', subscription: { ...good, keys: { ...good.keys, p256dh } } });
      expect(messagesOf(result), p256dh.slice(0, 20)).toEqual([d.p256dhInvalid]);
    }
    for (const auth of [b64(new Uint8Array(15)), b64(new Uint8Array(17)), 'x', '']) {
      const result = schema.safeParse({ platform: 'web', subscription: { ...good, keys: { ...good.keys, auth } } });
      expect(messagesOf(result), auth).toEqual([d.authInvalid]);
    }
    expect(messagesOf(schema.safeParse({ platform: 'web', subscription: { endpoint: good.endpoint } }))).toEqual([
      d.keysRequired,
    ]);
    expect(messagesOf(schema.safeParse({ platform: 'android', subscription: good }))).toEqual([d.subscriptionPlatform]);
    expect(messagesOf(schema.safeParse({ platform: 'web', subscription: 'x' }))).toEqual([d.subscriptionRequired]);
  });

  it('takes only https endpoints on public names, on the default port', () => {
    const allowed = [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
      'https://push.example.org:443/x',
    ];
    for (const endpoint of allowed) expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(true);
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc', // not https
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://169.254.169.254/latest/meta-data',
      'https://2130706433/push', // 127.0.0.1 as a number
      'https://0x7f.1/push',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      'https://localhost/push',
      'https://printer.local/push',
      'https://metadata.google.internal/computeMetadata',
      'https://intranet/push', // one label
      'https://user:pass@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com/x#fragment',
      'ftp://fcm.googleapis.com/x',
      'javascript:alert(1)',
      'not a url',
      `https://fcm.googleapis.com/${'a'.repeat(WEB_PUSH_ENDPOINT_MAX)}`,
    ];
    for (const endpoint of refused) expect(isAllowedPushEndpoint(endpoint), endpoint).toBe(false);
    // Tests' loopback push service, only when the server's test flag allows it.
    expect(isAllowedPushEndpoint('http://127.0.0.1:4567/push/abc')).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4567/push/abc', true)).toBe(true);
    expect(isAllowedPushEndpoint('http://10.0.0.1:4567/push/abc', true)).toBe(false);
  });

  it('names the endpoint when it is refused or too long (10 kB)', async () => {
    const good = await subscription();
    const schema = webPushRegistrationSchema();
    const parse = (endpoint: unknown) =>
      messagesOf(schema.safeParse({ platform: 'web', subscription: { ...good, endpoint } }));
    expect(parse('https://192.168.1.1/push')).toEqual([d.endpointInvalid]);
    expect(parse(`https://fcm.googleapis.com/${'a'.repeat(10_000)}`)).toEqual([d.endpointTooLong]);
    expect(parse(undefined)).toEqual([d.endpointRequired]);
    expect(parse('')).toEqual([d.endpointRequired]);
  });

  it('decodes base64url with or without padding, and refuses other text', () => {
    expect(base64UrlBytes('AQID')).toEqual(new Uint8Array([1, 2, 3]));
    expect(base64UrlBytes('AQ')).toEqual(new Uint8Array([1]));
    expect(base64UrlBytes('AQ==')).toEqual(new Uint8Array([1]));
    expect(base64UrlBytes('A')).toBeUndefined();
    expect(base64UrlBytes('AQ+/')).toBeUndefined();
    expect(isP256PublicKey(new Uint8Array(64))).toBe(false);
  });
});
