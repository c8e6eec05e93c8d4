import path from 'node:path';
import { z } from 'zod';
import { RESTART_DELAYS_MS } from './db/embedded-supervisor';
import { DEFAULT_FCM_API_BASE } from './lib/push/fcm';
import { loadServiceAccount, type ServiceAccount } from './lib/push/service-account';
import { vapidKeyPairProblem } from './lib/push/vapid';
import type { StorageConfig } from './lib/storage/configured';
import { isSafeStorageKey } from './lib/storage/storage';

const intFromEnv = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** An optional variable where an empty value (`S3_BUCKET=` in an env file) means unset. */
const optionalText = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** Whether an address is an origin alone (`https://host[:port]`, a trailing slash allowed). */
function bareOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

/** The S3_* variables that only mean something with S3_BUCKET. */
const S3_COMPANIONS = [
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** Every environment variable the server reads; README.md documents each. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: intFromEnv(3000, 0, 65535),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    APP_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_HOURS: intFromEnv(24 * 7, 1, 24 * 365),
    SESSION_IDLE_MINUTES: intFromEnv(12 * 60, 1, 365 * 24 * 60),
    AUTH_RATE_LIMIT_MAX: intFromEnv(10, 1, 1_000_000),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: intFromEnv(15 * 60, 1, 86_400),
    AUTH_SLOWDOWN_MAX_MS: intFromEnv(8000, 0, 60_000),
    BODY_LIMIT_BYTES: intFromEnv(1024 * 1024, 1024, 100 * 1024 * 1024),
    DB_POOL_MAX: intFromEnv(10, 1, 200),
    SHUTDOWN_DELAY_MS: intFromEnv(2000, 0, 10 * 60 * 1000),
    EMBEDDED_PG_RESTART_DELAYS_MS: z
      .string()
      .trim()
      .regex(/^\d{1,6}(,\d{1,6}){0,9}$/, {
        error: 'must be 1 to 10 waits in milliseconds (each below 1000000), separated by commas',
      })
      .default(RESTART_DELAYS_MS.join(','))
      .transform((value) => value.split(',').map(Number)),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    WEB_DIST: z.string().optional(),
    TLS_CERT_FILE: optionalText(z.string()),
    TLS_KEY_FILE: optionalText(z.string()),
    FCM_SERVICE_ACCOUNT_JSON: z.string().optional(),
    FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
    FCM_TOKEN_URI: z.string().optional(),
    FCM_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(DEFAULT_FCM_API_BASE),
    PUSH_MAX_ATTEMPTS: intFromEnv(5, 1, 20),
    PUSH_POLL_INTERVAL_MS: intFromEnv(2000, 100, 60_000),
    // Web Push (issue 15): the VAPID pair, else generated into DATA_DIR/vapid-keys.json (lib/push/vapid.ts).
    VAPID_PUBLIC_KEY: optionalText(z.string().trim()),
    VAPID_PRIVATE_KEY: optionalText(z.string().trim()),
    VAPID_SUBJECT: optionalText(
      z
        .string()
        .trim()
        .refine((value) => /^mailto:[^\s@]+@[^\s@]+$/.test(value) || /^https:\/\/[^\s/]+/.test(value), {
          error: 'must be a mailto: address or an https: URL, such as mailto:owner@example.com',
        }),
    ),
    // Tests only: subscriptions may name http://127.0.0.1 (the loopback push service), and sends may go there.
    WEB_PUSH_ALLOW_LOOPBACK: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    DUES_REMINDER_INTERVAL_MS: intFromEnv(15 * 60 * 1000, 1000, 24 * 60 * 60 * 1000),
    // Unset in tests means no worker: a test of monthly expenses runs its rounds itself.
    RECURRING_EXPENSE_INTERVAL_MS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number()
        .int()
        .min(1000)
        .max(24 * 60 * 60 * 1000)
        .optional(),
    ),
    // Issue 19: how often each process erases the identity documents whose retention period has
    // passed (and retries file deletes that failed). Unset in tests means no worker: tests run rounds.
    RETENTION_INTERVAL_MS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number()
        .int()
        .min(1000)
        .max(24 * 60 * 60 * 1000)
        .optional(),
    ),
    // The address students open shared receipt links at; unset, the address each request came to.
    PUBLIC_URL: optionalText(
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) address such as https://library.example.com' })
        .refine((value) => bareOrigin(value), {
          error: 'must be an address without a path, such as https://library.example.com',
        })
        .transform((value) => new URL(value).origin),
    ),
    // Mail over SMTP (issue 16): password recovery and invitations. Unset: no mail is sent.
    SMTP_URL: optionalText(
      z.url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
      }),
    ),
    MAIL_FROM: optionalText(z.string().trim().min(3)),
    MAIL_MAX_ATTEMPTS: intFromEnv(8, 1, 50),
    // Tests only: this process's mail worker sends only to addresses of this domain (test files share a database).
    MAIL_TEST_TO_DOMAIN: optionalText(z.string().trim()),
    RECEIPT_LINK_RATE_LIMIT_MAX: intFromEnv(60, 1, 1_000_000),
    RECEIPT_LINK_RATE_LIMIT_WINDOW_SECONDS: intFromEnv(15 * 60, 1, 86_400),
    DEVICE_RATE_LIMIT_MAX: intFromEnv(20, 1, 1_000_000),
    DEVICE_RATE_LIMIT_WINDOW_SECONDS: intFromEnv(15 * 60, 1, 86_400),
    // Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (docs/decisions.md, Object storage).
    S3_BUCKET: optionalText(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/, {
          error: 'must be a bucket name (letters, digits, ".", "-", "_")',
        }),
    ),
    S3_ENDPOINT: optionalText(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,64}$/, { error: 'must be a region name such as us-east-1 or auto' })
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText(z.string().trim()),
    S3_SECRET_ACCESS_KEY: optionalText(z.string().trim()),
    S3_FORCE_PATH_STYLE: optionalText(z.enum(['true', 'false'], { error: 'must be true or false' })),
    S3_PREFIX: optionalText(
      z
        .string()
        .trim()
        .transform((value) => value.replace(/^\/+|\/+$/g, ''))
        .refine((value) => value === '' || isSafeStorageKey(value), {
          error: 'must be path segments of letters, digits, ".", "-" and "_" (such as uploads/live)',
        }),
    ),
  })
  .superRefine((values, context) => {
    const missing = (variable: string, message: string) =>
      context.addIssue({ code: 'custom', path: [variable], message });
    if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
      const [set, unset] = values.VAPID_PUBLIC_KEY
        ? ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']
        : ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'];
      missing(unset, `required when ${set} is set (set both, or neither to generate a pair into DATA_DIR)`);
    } else if (values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY) {
      const problem = vapidKeyPairProblem({ publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY });
      if (problem) missing(problem.key === 'publicKey' ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY', problem.message);
    }
    // Reset and invitation links must not take their address from a request's Host header: anyone
    // could ask for a victim's link pointing at their own site (tests use the request's own).
    if (values.SMTP_URL && !values.PUBLIC_URL && values.NODE_ENV !== 'test') {
      missing(
        'PUBLIC_URL',
        'required when SMTP_URL is set: links in emails start with it, such as https://library.example.com',
      );
    }
    if (values.TLS_CERT_FILE && !values.TLS_KEY_FILE) missing('TLS_KEY_FILE', 'required when TLS_CERT_FILE is set');
    if (values.TLS_KEY_FILE && !values.TLS_CERT_FILE) missing('TLS_CERT_FILE', 'required when TLS_KEY_FILE is set');
    if (!values.S3_BUCKET) {
      const orphan = S3_COMPANIONS.find((name) => values[name] !== undefined);
      if (orphan) missing('S3_BUCKET', `required when ${orphan} is set (without it, uploads stay in DATA_DIR/uploads)`);
      return;
    }
    if (values.S3_ACCESS_KEY_ID && !values.S3_SECRET_ACCESS_KEY) {
      missing('S3_SECRET_ACCESS_KEY', 'required when S3_ACCESS_KEY_ID is set');
    }
    if (values.S3_SECRET_ACCESS_KEY && !values.S3_ACCESS_KEY_ID) {
      missing('S3_ACCESS_KEY_ID', 'required when S3_SECRET_ACCESS_KEY is set');
    }
  });

type Env = z.infer<typeof envSchema>;

/** Uploads: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
function storageConfig(values: Env, dataDir: string): StorageConfig {
  if (!values.S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'uploads') };
  return {
    kind: 's3',
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    credentials:
      values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Services other than AWS (MinIO, Ceph) mostly expect the bucket in the path.
    forcePathStyle: values.S3_FORCE_PATH_STYLE ? values.S3_FORCE_PATH_STYLE === 'true' : Boolean(values.S3_ENDPOINT),
    prefix: values.S3_PREFIX ? `${values.S3_PREFIX}/` : '',
  };
}

/** The host mail comes from when MAIL_FROM is unset: PUBLIC_URL's, else localhost. */
function mailHost(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Parses the environment once at startup; a bad variable stops the server with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  let serviceAccount: ServiceAccount | undefined;
  try {
    serviceAccount = loadServiceAccount({
      json: values.FCM_SERVICE_ACCOUNT_JSON?.trim() || undefined,
      file: values.FCM_SERVICE_ACCOUNT_FILE?.trim() || undefined,
      tokenUri: values.FCM_TOKEN_URI?.trim() || undefined,
    });
  } catch (error) {
    throw new ConfigError(`Invalid environment configuration:\n  ${(error as Error).message}`);
  }
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    appSecret: values.APP_SECRET,
    logLevel: values.LOG_LEVEL,
    sessionTtlMs: values.SESSION_TTL_HOURS * 3600 * 1000,
    sessionIdleMs: values.SESSION_IDLE_MINUTES * 60 * 1000,
    authRateLimit: {
      max: values.AUTH_RATE_LIMIT_MAX,
      windowMs: values.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      slowdownMaxMs: values.AUTH_SLOWDOWN_MAX_MS,
    },
    bodyLimit: values.BODY_LIMIT_BYTES,
    dbPoolMax: values.DB_POOL_MAX,
    /** On SIGTERM, how long the server stays up while not ready, so a load balancer stops sending to it. */
    shutdownDelayMs: values.SHUTDOWN_DELAY_MS,
    /** The waits before each restart of an embedded PostgreSQL that stopped; after the last failure the server exits. */
    embeddedRestartDelaysMs: values.EMBEDDED_PG_RESTART_DELAYS_MS,
    trustProxy: values.TRUST_PROXY,
    /** HTTPS served by this process from PEM files (re-read on SIGHUP); undefined: plain HTTP, e.g. behind Caddy. */
    tls:
      values.TLS_CERT_FILE && values.TLS_KEY_FILE
        ? { certFile: path.resolve(values.TLS_CERT_FILE), keyFile: path.resolve(values.TLS_KEY_FILE) }
        : undefined,
    webDist: values.WEB_DIST ? path.resolve(values.WEB_DIST) : undefined,
    /** Push notifications: off (stored, not delivered) without a service account. */
    push: {
      serviceAccount,
      apiBase: values.FCM_API_BASE,
      maxAttempts: values.PUSH_MAX_ATTEMPTS,
      pollIntervalMs: values.PUSH_POLL_INTERVAL_MS,
      /** Web Push's VAPID pair when given (else generated into `dataDir`), and the contact its JWTs name. */
      vapid: {
        configured:
          values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
            ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
            : undefined,
        dataDir,
        subject:
          values.VAPID_SUBJECT ??
          (values.PUBLIC_URL?.startsWith('https://') ? values.PUBLIC_URL : 'mailto:webpush@localhost'),
      },
      /** Tests only: Web Push endpoints on 127.0.0.1/localhost over http are accepted and sent to. */
      allowLoopback: values.WEB_PUSH_ALLOW_LOOPBACK,
      /**
       * Whether this process runs the outbox worker (and the dues reminders): always, except in
       * tests without a peer to send to (FCM or loopback Web Push), since a worker serves every
       * test file's rows in the shared test database.
       */
      runWorker: values.NODE_ENV !== 'test' || Boolean(serviceAccount) || values.WEB_PUSH_ALLOW_LOOPBACK,
    },
    /** How often each process looks for dues to remind of by push (only with a push provider). */
    duesReminderIntervalMs: values.DUES_REMINDER_INTERVAL_MS,
    /** How often each process makes the due entries of monthly expenses; null (tests, unless set): never. */
    recurringExpenseIntervalMs:
      values.RECURRING_EXPENSE_INTERVAL_MS ?? (values.NODE_ENV === 'test' ? null : 15 * 60 * 1000),
    /** How often each process runs the retention job (issue 19); null (tests, unless set): never. */
    retentionIntervalMs: values.RETENTION_INTERVAL_MS ?? (values.NODE_ENV === 'test' ? null : 60 * 60 * 1000),
    deviceRateLimit: { max: values.DEVICE_RATE_LIMIT_MAX, windowMs: values.DEVICE_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    /** The origin shared receipt links start with (`https://host[:port]`); undefined: the request's own. */
    publicUrl: values.PUBLIC_URL,
    /** Opens of shared receipt links (`/r/…`, page or PDF) allowed per address per window. */
    receiptLinkRateLimit: {
      max: values.RECEIPT_LINK_RATE_LIMIT_MAX,
      windowMs: values.RECEIPT_LINK_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    /** Mail over SMTP (issue 16): undefined without SMTP_URL (nothing is sent; the reset screen says so). */
    mail: values.SMTP_URL
      ? {
          smtpUrl: values.SMTP_URL,
          from: values.MAIL_FROM ?? `Study Library <no-reply@${mailHost(values.PUBLIC_URL)}>`,
          maxAttempts: values.MAIL_MAX_ATTEMPTS,
          testToDomain: values.MAIL_TEST_TO_DOMAIN,
        }
      : undefined,
    /** Uploaded images: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
    storage: storageConfig(values, dataDir),
  };
}
