import { z } from 'zod';
import { notificationMessages } from './notifications.messages';

const d = notificationMessages.devices;

/** Crockford's base-32 digits: no I, L, O or U, so a code read aloud or typed is not misread. */
export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAIRING_CODE_LENGTH = 8;

/**
 * A typed pairing code in its canonical form: upper case, spaces and dashes dropped, and
 * the letters people confuse with digits (O, I, L) read as those digits.
 */
export function normalizePairingCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** `K7QH3MZP` → `K7QH-3MZP`, as the admin reads it out. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

const codePattern = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

export const DEVICE_PLATFORMS = ['android', 'ios', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** `POST /devices` body: what the student app sends to pair a phone (no admin token). */
export const deviceRegistrationSchema = z.object({
  pairingCode: z
    .string({ error: () => d.codeRequired })
    .max(40, { error: () => d.codeInvalid })
    .transform(normalizePairingCode)
    .pipe(
      z
        .string()
        .min(1, { error: () => d.codeRequired, abort: true })
        .regex(codePattern, { error: () => d.codeInvalid }),
    ),
  // FCM registration tokens are a few hundred URL-safe characters; a `:` separates their parts.
  fcmToken: z
    .string({ error: () => d.tokenRequired })
    .trim()
    .min(1, { error: () => d.tokenRequired, abort: true })
    .max(4096, { error: () => d.tokenInvalid, abort: true })
    .regex(/^[A-Za-z0-9_:.-]{20,}$/, { error: () => d.tokenInvalid }),
  platform: z.enum(DEVICE_PLATFORMS, { error: () => d.platformInvalid }),
});
export type DeviceRegistrationInput = z.input<typeof deviceRegistrationSchema>;

/** What `POST /devices` answers: enough for the app to say whose phone it now is. */
export const deviceRegistrationResultSchema = z.object({
  device: z.object({ id: z.string(), platform: z.enum(DEVICE_PLATFORMS) }),
  student: z.object({ first_name: z.string() }),
  library: z.object({ name: z.string() }),
});

/** A paired phone as the admin sees it. */
export const studentDeviceSchema = z.object({
  id: z.string(),
  platform: z.enum(DEVICE_PLATFORMS),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type StudentDevice = z.infer<typeof studentDeviceSchema>;

/** A phone signed in to the student app (issue 15), as the owner sees it. */
export const studentSessionRecordSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", "Safari on iPhone" or "Browser", from its User-Agent when it signed in. */
  device_label: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type StudentSessionRecord = z.infer<typeof studentSessionRecordSchema>;

/** `GET /user/{id}/devices`: the student's paired phones, signed-in student apps and whether a code exists. */
export const studentPairingSchema = z.object({
  devices: z.array(studentDeviceSchema),
  /** Live student-app sessions (not revoked), most recently seen first. */
  sessions: z.array(studentSessionRecordSchema),
  has_code: z.boolean(),
  code_created_at: z.string().nullable(),
});
export type StudentPairing = z.infer<typeof studentPairingSchema>;

/** `POST /user/{id}/pairing-code`: a fresh code, shown this once (only its hash is kept). */
export const pairingCodeResultSchema = z.object({
  code: z.string(),
  created_at: z.string(),
});
export type PairingCodeResult = z.infer<typeof pairingCodeResultSchema>;

/** `{ id }` of a student in the pairing calls; an id that is not a UUID is simply not found (404). */
export const pairingStudentParamsSchema = z.object({ id: z.string().max(100) });

// ---------------------------------------------------------------------------------------
// Web Push subscriptions (issue 15): the student app registers its browser's subscription.
// The server will POST to the endpoint, so it is held to what real push services look like
// (docs/decisions.md, Web Push): https on the default port, a public DNS name, nothing else.
// ---------------------------------------------------------------------------------------

/** Longest endpoint accepted: real ones (FCM, Mozilla, Apple, Windows) are a few hundred characters. */
export const WEB_PUSH_ENDPOINT_MAX = 2048;

/** Names that never lead to a public push service (RFC 6761, RFC 8375, common private suffixes). */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|corp|test|invalid|example)$/i;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The WHATWG URL parser (Node and browsers have it; this package is typed without either's library). */
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  hash: string;
}
const UrlParser = (globalThis as unknown as { URL: new (text: string) => ParsedUrl }).URL;

/**
 * Whether a push endpoint may be posted to. Allowed: `https:`, no user or password, the
 * default port, no fragment, a DNS name with a dot that is not an IP literal (the URL parser
 * turns `0x7f.1` and `2130706433` into dotted IPv4, so those are caught too) nor a private
 * name. With `allowLoopback` (tests only), `http(s)://127.0.0.1|[::1]|localhost[:port]` too.
 * The server also checks the addresses the name resolves to when it sends.
 */
export function isAllowedPushEndpoint(endpoint: string, allowLoopback = false): boolean {
  if (endpoint.length > WEB_PUSH_ENDPOINT_MAX) return false;
  let url: ParsedUrl;
  try {
    url = new UrlParser(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return true;
  }
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return false;
  return !PRIVATE_NAME.test(host);
}

/** Bytes of a base64url text (padding allowed), or undefined when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return undefined;
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return undefined;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of body) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

// P-256 (secp256r1): y² = x³ − 3x + b over the prime p.
const P256_P = BigInt('0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff');
const P256_B = BigInt('0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b');

const bigIntOf = (bytes: Uint8Array) => bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);

/** Whether `bytes` is an uncompressed P-256 public key: 0x04 ‖ x ‖ y with (x, y) on the curve. */
export function isP256PublicKey(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = bigIntOf(bytes.subarray(1, 33));
  const y = bigIntOf(bytes.subarray(33, 65));
  if (x >= P256_P || y >= P256_P) return false;
  const mod = (value: bigint) => ((value % P256_P) + P256_P) % P256_P;
  return mod(y * y) === mod(x * x * x - 3n * x + P256_B);
}

const base64UrlKey = (required: () => string, invalid: () => string, valid: (bytes: Uint8Array) => boolean) =>
  z
    .string({ error: required })
    .max(200, { error: invalid, abort: true })
    .refine(
      (text) => {
        const bytes = base64UrlBytes(text);
        return bytes !== undefined && valid(bytes);
      },
      { error: invalid },
    );

/** A browser's `PushSubscription.toJSON()`; `allowLoopback` as in `isAllowedPushEndpoint`. */
export function webPushSubscriptionSchema(options: { allowLoopback?: boolean } = {}) {
  return z.object(
    {
      endpoint: z
        .string({ error: () => d.endpointRequired })
        .min(1, { error: () => d.endpointRequired, abort: true })
        .max(WEB_PUSH_ENDPOINT_MAX, { error: () => d.endpointTooLong, abort: true })
        .refine((endpoint) => isAllowedPushEndpoint(endpoint, options.allowLoopback), {
          error: () => d.endpointInvalid,
        }),
      expirationTime: z.number().nullable().optional(),
      keys: z.object(
        {
          p256dh: base64UrlKey(
            () => d.p256dhInvalid,
            () => d.p256dhInvalid,
            isP256PublicKey,
          ),
          auth: base64UrlKey(
            () => d.authInvalid,
            () => d.authInvalid,
            (bytes) => bytes.length === 16,
          ),
        },
        { error: () => d.keysRequired },
      ),
    },
    { error: () => d.subscriptionRequired },
  );
}
export type WebPushSubscription = z.output<ReturnType<typeof webPushSubscriptionSchema>>;

/**
 * `POST /devices` with a student session's token (issue 15): the student app's Web Push
 * subscription, stored as a `web` device of that session.
 */
export function webPushRegistrationSchema(options: { allowLoopback?: boolean } = {}) {
  return z.object({
    platform: z.literal('web', { error: () => d.subscriptionPlatform }),
    subscription: webPushSubscriptionSchema(options),
  });
}
export type WebPushRegistrationInput = z.input<ReturnType<typeof webPushRegistrationSchema>>;

/** Whether a `POST /devices` body is the Web Push kind (it carries `subscription`), not a pairing code's. */
export const isWebPushRegistration = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'subscription' in body;

/**
 * `POST /devices` body, either kind: a body with `subscription` is read as a Web Push
 * registration, any other as a pairing code's, each with its own messages.
 */
export function anyDeviceRegistrationSchema(options: { allowLoopback?: boolean } = {}) {
  const web = webPushRegistrationSchema(options);
  type Parsed =
    ({ kind: 'web' } & z.output<typeof web>) | ({ kind: 'code' } & z.output<typeof deviceRegistrationSchema>);
  // Not a z.union: its failure is one "invalid input" for both shapes, where each kind's own message is clearer.
  return z
    .unknown()
    .transform((body, context): Parsed => {
      const webKind = isWebPushRegistration(body);
      const result = (webKind ? web : deviceRegistrationSchema).safeParse(body);
      if (!result.success) {
        for (const issue of result.error.issues) context.issues.push({ ...issue, input: body } as never);
        return z.NEVER;
      }
      return webKind
        ? { kind: 'web', ...(result.data as z.output<typeof web>) }
        : { kind: 'code', ...(result.data as z.output<typeof deviceRegistrationSchema>) };
    })
    .meta({
      description:
        'Either `{ pairingCode, fcmToken, platform }` (no token: the pairing code is the credential) or, with a student session token, `{ platform: "web", subscription: PushSubscription.toJSON() }`.',
      // The API document shows both shapes (the transform above hides them from the generator).
      oneOf: [web, deviceRegistrationSchema].map((schema) => {
        const { $schema: _draft, ...shape } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        return shape;
      }),
    });
}

/** `GET /push/vapid-public-key`: the server's VAPID key, the `applicationServerKey` to subscribe with. */
export const vapidPublicKeySchema = z.object({ public_key: z.string() });
