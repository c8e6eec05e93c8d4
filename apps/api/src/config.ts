import path from 'node:path';
import { z } from 'zod';
import { RESTART_DELAYS_MS } from './db/embedded-supervisor';
import { DEFAULT_FCM_API_BASE } from './lib/push/fcm';
import { loadServiceAccount, type ServiceAccount } from './lib/push/service-account';
import type { StorageConfig } from './lib/storage/configured';
import { isSafeStorageKey } from './lib/storage/storage';

const intFromEnv = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** An optional variable where an empty value (`S3_BUCKET=` in an env file) means unset. */
const optionalText = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

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
    FCM_SERVICE_ACCOUNT_JSON: z.string().optional(),
    FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
    FCM_TOKEN_URI: z.string().optional(),
    FCM_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(DEFAULT_FCM_API_BASE),
    PUSH_MAX_ATTEMPTS: intFromEnv(5, 1, 20),
    PUSH_POLL_INTERVAL_MS: intFromEnv(2000, 100, 60_000),
    DUES_REMINDER_INTERVAL_MS: intFromEnv(15 * 60 * 1000, 1000, 24 * 60 * 60 * 1000),
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
    webDist: values.WEB_DIST ? path.resolve(values.WEB_DIST) : undefined,
    /** Push notifications: off (stored, not delivered) without a service account. */
    push: {
      serviceAccount,
      apiBase: values.FCM_API_BASE,
      maxAttempts: values.PUSH_MAX_ATTEMPTS,
      pollIntervalMs: values.PUSH_POLL_INTERVAL_MS,
    },
    /** How often each process looks for dues to remind of by push (only with a push provider). */
    duesReminderIntervalMs: values.DUES_REMINDER_INTERVAL_MS,
    deviceRateLimit: { max: values.DEVICE_RATE_LIMIT_MAX, windowMs: values.DEVICE_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    /** Uploaded images: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
    storage: storageConfig(values, dataDir),
  };
}
