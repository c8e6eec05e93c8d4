import { createECDH, createPrivateKey, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { PushMessage } from './provider';
import { createTestSubscription, startWebPushService, type WebPushService } from './testing/loopback-web-push';
import { generateVapidKeyPair, type VapidDetails } from './vapid';
import {
  createWebPushProvider,
  isPublicAddress,
  WEB_PUSH_MAX_PLAINTEXT,
  WEB_PUSH_TTL_SECONDS,
  webPushPayload,
  type Resolver,
} from './web-push';

/**
 * The Web Push sender against the loopback push service: the service checks VAPID and
 * decrypts with node:crypto alone, so a payload read back here is one a browser would read.
 * Each check of the service is also shown to fail, or a pass would prove nothing.
 */

let service: WebPushService;
const vapid: VapidDetails = { ...generateVapidKeyPair(), subject: 'mailto:owner@library.example.com' };
const provider = () => createWebPushProvider(vapid, { allowLoopback: true });

beforeEach(async () => {
  service = await startWebPushService();
});
afterEach(async () => {
  await service.close();
});

function messageTo(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  body = 'No water on Friday',
): PushMessage {
  return {
    token: subscription.endpoint,
    webPush: subscription.keys,
    title: 'Water cut',
    body,
    data: { notificationId: '8c0f6a8e-58c6-4b43-9d7e-0d6a0a0f1c11' },
  };
}

/** A VAPID JWT signed with `privateKey` (base64url scalar) naming `publicKey` as k=. */
function vapidHeader(
  claims: Record<string, unknown>,
  signer: { publicKey: string; privateKey: string },
  k = signer.publicKey,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(signer.privateKey, 'base64url'));
  const point = ecdh.getPublicKey();
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: signer.privateKey,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${unsigned}.${signature}, k=${k}`;
}

/** Posts a correctly encrypted body with the given Authorization, as a forger would. */
async function postWith(endpoint: string, keys: { p256dh: string; auth: string }, authorization?: string) {
  const details = webpush.generateRequestDetails({ endpoint, keys }, 'forged', {
    vapidDetails: vapid,
    TTL: 60,
    contentEncoding: 'aes128gcm',
  });
  const headers = { ...(details.headers as Record<string, string>) };
  delete headers.Authorization;
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(endpoint, { method: 'POST', headers, body: details.body });
  return response.status;
}

describe('Web Push to the loopback push service', () => {
  it('delivers a payload the subscriber decrypts to exactly what was sent, with our TTL and urgency', async () => {
    const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
    const result = await provider().send(messageTo(subscription));
    expect(result).toEqual({ outcome: 'delivered', messageId: expect.stringMatching(/\/message\/1$/) });
    expect(service.delivered(subscription.endpoint)).toEqual([
      {
        title: 'Water cut',
        body: 'No water on Friday',
        notification_id: '8c0f6a8e-58c6-4b43-9d7e-0d6a0a0f1c11',
        url: '/student/inbox',
      },
    ]);
    const [received] = service.messagesFor(subscription.endpoint);
    expect(received).toMatchObject({
      vapid: { valid: true, publicKey: vapid.publicKey, claims: { sub: vapid.subject, aud: service.url } },
      ttl: String(WEB_PUSH_TTL_SECONDS),
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
    });
  });

  it('refuses a push without VAPID, with a forged signature, another audience or an exp over a day ahead', async () => {
    const subscription = service.subscribe();
    const now = Math.floor(Date.now() / 1000);
    const claims = { aud: service.url, exp: now + 3600, sub: 'mailto:owner@library.example.com' };
    const attacker = generateVapidKeyPair();
    // The control: the same hand-made header with the right key passes, so each refusal below is for its one fault.
    expect(await postWith(subscription.endpoint, subscription.keys, vapidHeader(claims, vapid))).toBe(201);
    expect(await postWith(subscription.endpoint, subscription.keys)).toBe(401);
    // Signed by the attacker while naming the server's key.
    expect(
      await postWith(subscription.endpoint, subscription.keys, vapidHeader(claims, attacker, vapid.publicKey)),
    ).toBe(401);
    expect(
      await postWith(
        subscription.endpoint,
        subscription.keys,
        vapidHeader({ ...claims, aud: 'https://fcm.googleapis.com' }, vapid),
      ),
    ).toBe(401);
    expect(
      await postWith(subscription.endpoint, subscription.keys, vapidHeader({ ...claims, exp: now + 25 * 3600 }, vapid)),
    ).toBe(401);
    expect(
      await postWith(subscription.endpoint, subscription.keys, vapidHeader({ ...claims, exp: now - 1 }, vapid)),
    ).toBe(401);
    expect(
      await postWith(subscription.endpoint, subscription.keys, vapidHeader({ ...claims, sub: 'owner' }, vapid)),
    ).toBe(401);
    expect(service.messagesFor(subscription.endpoint).map((message) => message.vapid.reason)).toEqual([
      undefined,
      'no vapid authorization',
      'bad signature',
      'aud https://fcm.googleapis.com',
      'exp more than 24 hours ahead',
      'expired',
      'sub is not a mailto: or https: contact',
    ]);
  });

  it("fails a push signed with a key other than the subscription's (403), without forgetting the device", async () => {
    const subscription = service.subscribe({ applicationServerKey: generateVapidKeyPair().publicKey });
    const result = await provider().send(messageTo(subscription));
    expect(result).toMatchObject({ outcome: 'failed', error: 'Web Push 403' });
  });

  it('cannot be read with the wrong keys: the service refuses a body encrypted for another subscriber', async () => {
    const subscription = service.subscribe();
    const stranger = createTestSubscription(subscription.endpoint);
    const result = await provider().send(messageTo({ endpoint: subscription.endpoint, keys: stranger.keys }));
    expect(result).toMatchObject({ outcome: 'failed', error: 'Web Push 400' });
    expect(service.messagesFor(subscription.endpoint)[0]).toMatchObject({
      vapid: { valid: true },
      decryptError: expect.any(String),
    });
  });

  it('reads 404 and 410 as a subscription gone, 429 and 500 as passing, honouring Retry-After', async () => {
    const subscription = service.subscribe();
    service.plan(subscription.endpoint, [
      { status: 429, headers: { 'retry-after': '30' } },
      { status: 500 },
      { status: 404 },
    ]);
    const send = () => provider().send(messageTo(subscription));
    expect(await send()).toEqual({ outcome: 'retry', error: 'Web Push 429', retryAfterMs: 30_000 });
    expect(await send()).toEqual({ outcome: 'retry', error: 'Web Push 500', retryAfterMs: undefined });
    expect(await send()).toEqual({ outcome: 'unregistered', error: 'Web Push 404' });
    service.unsubscribe(subscription.endpoint);
    expect(await send()).toEqual({ outcome: 'unregistered', error: 'Web Push 410' });
  });

  it('retries when the push service cannot be reached', async () => {
    const subscription = service.subscribe();
    await service.close();
    expect(await provider().send(messageTo(subscription))).toMatchObject({
      outcome: 'retry',
      error: expect.stringContaining('Web Push unreachable'),
    });
    service = await startWebPushService();
  });

  it('gives up on a push service that drips its answer, within the timeout, and retries later', async () => {
    const dripping = http.createServer((_request, response) => {
      response.writeHead(201);
      const timer = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => dripping.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = dripping.address() as AddressInfo;
      const subscription = createTestSubscription(`http://127.0.0.1:${port}/push/slow`);
      const sender = createWebPushProvider(vapid, { allowLoopback: true, timeoutMs: 300 });
      expect(await sender.send(messageTo(subscription))).toEqual({
        outcome: 'retry',
        error: 'Web Push unreachable: no answer within 300 ms',
      });
    } finally {
      dripping.closeAllConnections();
      await new Promise((resolve) => dripping.close(resolve));
    }
  });

  it('shortens a body that would not fit one 4 kB record, and the rest still arrives', async () => {
    const subscription = service.subscribe();
    // 1000 control characters: JSON writes each as \u0001, six bytes.
    const body = '\u0001'.repeat(1000);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(WEB_PUSH_MAX_PLAINTEXT);
    expect(webPushPayload({ title: 'T', body }).length).toBeLessThanOrEqual(WEB_PUSH_MAX_PLAINTEXT);
    expect(await provider().send(messageTo(subscription, body))).toMatchObject({ outcome: 'delivered' });
    const [payload] = service.delivered(subscription.endpoint) as { body: string }[];
    expect(payload!.body.endsWith('…')).toBe(true);
    expect(body.startsWith(payload!.body.slice(0, -1))).toBe(true);
  });
});

describe('where Web Push may post (SSRF)', () => {
  it('refuses loopback endpoints unless the test flag allows them, without sending anything', async () => {
    const subscription = service.subscribe();
    const strict = createWebPushProvider(vapid);
    expect(await strict.send(messageTo(subscription))).toMatchObject({
      outcome: 'failed',
      error: expect.stringContaining('endpoint refused'),
    });
    expect(service.messages).toHaveLength(0);
  });

  it('refuses a public-looking name that resolves to a private address, before connecting', async () => {
    const resolved: string[] = [];
    const pointsInside: Resolver = (hostname, _options, callback) => {
      resolved.push(hostname);
      callback(null, [
        { address: '203.0.114.7', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ]);
    };
    const sender = createWebPushProvider(vapid, { resolve: pointsInside });
    const subscription = createTestSubscription('https://push.rebind.example.net/push/abc');
    expect(await sender.send(messageTo(subscription))).toEqual({
      outcome: 'failed',
      error: 'Web Push refused: push.rebind.example.net resolves to a private address',
    });
    expect(resolved).toEqual(['push.rebind.example.net']);
  });

  it('knows private, loopback, link-local, shared and mapped addresses from public ones', () => {
    for (const address of ['8.8.8.8', '142.250.183.10', '2607:f8b0:4009:80b::200a', '100.63.255.255']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
  });
});
