import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { RequestDetails } from 'web-push';
import { isAllowedPushEndpoint } from '@app/shared';
import type { PushMessage, PushProvider, PushResult } from './provider';
import { parseRetryAfter } from './retry-after';
import type { VapidDetails } from './vapid';

/**
 * How long a push service keeps a message for a phone that is off: a day. A notice about
 * tomorrow's closing still matters the next morning; a month-old one (web-push's default
 * is four weeks) would only confuse.
 */
export const WEB_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** `normal`: delivered at once to a phone in use, without waking one in battery saving for it (RFC 8030 §5.3). */
export const WEB_PUSH_URGENCY = 'normal' as const;
/** Where the student app opens when the notification is tapped. */
export const WEB_PUSH_OPEN_URL = '/student/inbox';
/**
 * Largest plaintext in one aes128gcm record that fits a push service's 4096-byte body:
 * 4096 − 86 (header with the sender's key) − 16 (tag) − 1 (padding delimiter), RFC 8291 §4.
 */
export const WEB_PUSH_MAX_PLAINTEXT = 3993;

/** What the student app's service worker receives, as JSON. */
export interface WebPushPayload {
  title: string;
  body: string;
  notification_id: string;
  url: string;
}

/** The payload as bytes, the body shortened (with an ellipsis) when the whole would not fit one record. */
export function webPushPayload(message: Pick<PushMessage, 'title' | 'body' | 'data'>): Buffer {
  const make = (body: string) =>
    Buffer.from(
      JSON.stringify({
        title: message.title,
        body,
        notification_id: message.data?.notificationId ?? '',
        url: WEB_PUSH_OPEN_URL,
      } satisfies WebPushPayload),
    );
  let bytes = make(message.body);
  if (bytes.length <= WEB_PUSH_MAX_PLAINTEXT) return bytes;
  const characters = [...message.body];
  let keep = characters.length;
  while (keep > 0 && bytes.length > WEB_PUSH_MAX_PLAINTEXT) {
    keep = Math.floor(keep * 0.9);
    bytes = make(`${characters.slice(0, keep).join('')}…`);
  }
  return bytes;
}

// Addresses a push service never has: private, loopback, link-local, shared (CGNAT), documentation,
// benchmarking, multicast, reserved, and their IPv6 counterparts (RFC 6890).
const privateRanges = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}
const loopbackRanges = new net.BlockList();
loopbackRanges.addSubnet('127.0.0.0', 8, 'ipv4');
loopbackRanges.addAddress('::1', 'ipv6');

/** Whether an address may be posted to: public, or loopback when the test flag allows it. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  const [ip, type] = mapped
    ? [mapped, 'ipv4' as const]
    : [address, family === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  if (allowLoopback && loopbackRanges.check(ip, type)) return true;
  return !privateRanges.check(ip, type);
}

/** dns.lookup with `all: true`; tests give their own to play a name that points inside. */
export type Resolver = (
  hostname: string,
  options: { family?: number | string; hints?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) =>
  dns.lookup(hostname, { ...options, family: options.family as number | undefined, all: true }, callback);

class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * A `lookup` for http(s).request that refuses names resolving to any private address, so a
 * subscription naming a public-looking host that points inside (DNS rebinding, `*.nip.io`)
 * cannot reach the server's network. Every address of the name must be public.
 */
function safeLookup(allowLoopback: boolean, resolve: Resolver): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address, allowLoopback));
      if (refused || addresses.length === 0) {
        return callback(new PrivateAddressError(`${hostname} resolves to a private address`));
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as unknown as net.LookupFunction;
}

interface PostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One POST, no redirects followed, at most 2 kB of the answer read, and the whole exchange
 * within `timeoutMs` (a push endpoint is chosen by the subscriber: one that answers a byte
 * at a time must not hold a worker's lane past its lease).
 */
function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer,
  options: { timeoutMs: number; allowLoopback: boolean; resolve: Resolver },
): Promise<PostAnswer> {
  const url = new URL(endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, answer?: PostAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (error) reject(error);
      else resolve(answer!);
    };
    const request = client.request(
      url,
      { method: 'POST', headers, lookup: safeLookup(options.allowLoopback, options.resolve) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish(undefined, {
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8').slice(0, 2048),
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= 2048) {
            done();
            request.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (error) => finish(error));
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('error', (error) => finish(error));
    request.end(body);
  });
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** Reads a push service's answer (RFC 8030 §5, §8) as a `PushResult`. */
function interpretAnswer(answer: PostAnswer, now: number): PushResult {
  if (answer.status >= 200 && answer.status < 300) {
    return { outcome: 'delivered', messageId: header(answer.headers.location)?.slice(0, 500) ?? undefined };
  }
  const reason = answer.text.replace(/\s+/g, ' ').trim();
  const error = `Web Push ${answer.status}${reason ? `: ${reason}` : ''}`.slice(0, 500);
  // The subscription is gone (unsubscribed, expired, the browser's data cleared).
  if (answer.status === 404 || answer.status === 410) return { outcome: 'unregistered', error };
  if (answer.status === 429 || answer.status >= 500) {
    return { outcome: 'retry', error, retryAfterMs: parseRetryAfter(header(answer.headers['retry-after']), now) };
  }
  // 400, 401/403 (a VAPID key other than the subscription's), 413 and redirects never succeed as sent.
  return { outcome: 'failed', error };
}

/**
 * Standard Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291):
 * web-push signs and encrypts; the request itself is ours, so it follows no redirect, only
 * reaches public addresses (loopback too with the tests' flag) and gives up after `timeoutMs`.
 */
export function createWebPushProvider(
  vapid: VapidDetails,
  options: { allowLoopback?: boolean; timeoutMs?: number; now?: () => number; resolve?: Resolver } = {},
): PushProvider {
  const resolve = options.resolve ?? systemResolver;
  const allowLoopback = options.allowLoopback ?? false;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  return {
    name: 'web-push',
    async send(message: PushMessage): Promise<PushResult> {
      if (!message.webPush) return { outcome: 'failed', error: 'not a Web Push subscription' };
      const endpoint = message.token;
      // Stored subscriptions were checked when registered; checked again in case the rules got stricter.
      if (!isAllowedPushEndpoint(endpoint, allowLoopback)) {
        return { outcome: 'failed', error: 'Web Push endpoint refused: not an https address of a public push service' };
      }
      // web-push is loaded by the first Web Push message, not at start (docs/performance.md, "Memory and start").
      const { default: webpush } = await import('web-push');
      let details: RequestDetails;
      try {
        details = webpush.generateRequestDetails(
          { endpoint, keys: { p256dh: message.webPush.p256dh, auth: message.webPush.auth } },
          webPushPayload(message),
          {
            vapidDetails: vapid,
            TTL: WEB_PUSH_TTL_SECONDS,
            urgency: WEB_PUSH_URGENCY,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        return { outcome: 'failed', error: `Web Push not sent: ${(error as Error).message}`.slice(0, 500) };
      }
      let answer: PostAnswer;
      try {
        answer = await post(
          endpoint,
          details.headers as Record<string, string | number>,
          details.body ?? Buffer.alloc(0),
          { timeoutMs, allowLoopback, resolve },
        );
      } catch (error) {
        if (error instanceof PrivateAddressError)
          return { outcome: 'failed', error: `Web Push refused: ${error.message}` };
        return { outcome: 'retry', error: `Web Push unreachable: ${(error as Error).message}`.slice(0, 500) };
      }
      return interpretAnswer(answer, now());
    },
  };
}
