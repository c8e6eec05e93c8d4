import type { IncomingMessage } from 'node:http';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerFactory,
  type FastifyServerOptions,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@app/shared';
import type { Config } from './config';
import { badRequest, errorEnvelope } from './errors';
import { installLanguage } from './plugins/language';
import type { Database } from './db/client';
import { createConfiguredStorage } from './lib/storage/configured';
import { DEFAULT_WEB_DIST } from './paths';
import authPlugin from './plugins/auth';
import studentAuthPlugin from './plugins/student-auth';
import dbPlugin from './plugins/db';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import pushPlugin from './plugins/push';
import mailPlugin from './plugins/mail';
import duesRemindersPlugin from './plugins/dues-reminders';
import recurringExpensesPlugin from './plugins/recurring-expenses';
import retentionPlugin from './plugins/retention';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import { responseSerializerCompiler } from './plugins/serialization';
import spaPlugin from './plugins/spa';
import writeAuditPlugin from './plugins/write-audit';
import areaRoutes from './modules/areas/areas.routes';
import authRoutes from './modules/auth/auth.routes';
import passwordResetRoutes from './modules/auth/password-reset.routes';
import healthRoutes from './modules/health/health.routes';
import profileRoutes from './modules/profile/profile.routes';
import studentRoutes from './modules/students/students.routes';
import studentPrivacyRoutes from './modules/students/students.privacy.routes';
import fileRoutes from './modules/files/files.routes';
import seatRoutes from './modules/seats/seats.routes';
import subscriptionRoutes from './modules/subscriptions/subscriptions.routes';
import feeRoutes from './modules/fees/fees.routes';
import dashboardRoutes from './modules/dashboard/dashboard.routes';
import auditRoutes from './modules/audit/audit.routes';
import notificationRoutes from './modules/notifications/notifications.routes';
import deviceRoutes from './modules/notifications/devices.routes';
import duesRoutes from './modules/dues/dues.routes';
import paymentRoutes from './modules/payments/payments.routes';
import settingsRoutes from './modules/settings/settings.routes';
import receiptRoutes from './modules/receipts/receipts.routes';
import sharedReceiptRoutes from './modules/receipts/shared-receipts.routes';
import expenseRoutes from './modules/expenses/expenses.routes';
import profitRoutes from './modules/profit/profit.routes';
import studentAppRoutes from './modules/student/student.routes';
import attendanceRoutes from './modules/attendance/attendance.routes';
import teamRoutes from './modules/team/team.routes';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Key for signatures and encryption (APP_SECRET, or the one generated into DATA_DIR). */
  appSecret: string;
  /** Pino logger options, or false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** False once the process cannot serve again (its embedded database could not be restarted): liveness fails. */
  isLive?: () => boolean;
  /** The HTTPS server when the process serves TLS itself (tls.ts); else Fastify's plain HTTP one. */
  serverFactory?: FastifyServerFactory;
  /** The clock of check-in and attendance (milliseconds since the epoch): tests set it. */
  now?: () => number;
}

/**
 * Marks a 503 answered to a request that was refused before it started (the server is
 * stopping): nothing was done, so a load balancer or client may safely send it again,
 * elsewhere, whatever its method.
 */
export const NOT_STARTED_HEADER = 'x-request-not-started';

/** Log redaction: credentials never reach the log, whatever the level. */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["idempotency-key"]',
    'res.headers["set-cookie"]',
    '*.password',
    '*.token',
    '*.passwordHash',
  ],
  censor: '[redacted]',
};

interface RouteSummary {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /**
   * Whether the route declares `app.authenticateStudent` in its own `onRequest` (issue 15): the
   * student app's routes, which the security tests call with admin tokens and every other
   * route with student tokens.
   */
  studentGuard: boolean;
  /** The roles that may call an admin route (issue 16: `config.roles`, see plugins/auth `allow`). */
  roles: readonly string[] | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteSummary[];
    /**
     * First step of stopping behind a load balancer: readiness answers 503 from now on,
     * while every request that still comes is served (its answer closes the connection).
     */
    beginDrain(): void;
    /** True from the first step of stopping on: readiness answers 503 (modules/health). */
    isStopping(): boolean;
    /** Refuses new requests from now on (503, marked as not started); resolves once none is being handled. */
    beginShutdown(): Promise<void>;
  }
}

// Keys that could reach an object's prototype are dropped while parsing, and a NUL
// character (which no PostgreSQL text can hold) makes the body invalid.
function rejectPrototypeKeys(key: string, value: unknown) {
  if (typeof value === 'string' && value.includes('\u0000')) throw new SyntaxError('NUL in JSON text');
  return key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value;
}

/** Reads and drops a request's body (for at most a second), so its connection can close cleanly. */
function discardBody(raw: IncomingMessage): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 1000);
    raw.once('end', done).once('error', done).once('close', done).resume();
  });
}

/** Builds the whole application as a Fastify instance; `server.ts` only listens. */
export async function buildApp({
  config,
  db,
  appSecret,
  logger = false,
  isLive = () => true,
  serverFactory,
  now = Date.now,
}: AppOptions) {
  const app = Fastify({
    logger,
    serverFactory,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // Requests that reach a closing server get the refusal below, with its not-started mark.
    return503OnClosing: false,
    // Errors the router meets before any handler (a broken %-escape in the URL) get the envelope too.
    frameworkErrors: (_error, _request, reply) => {
      const body = errorEnvelope(400, messages.validation.invalidInput);
      void (reply as FastifyReply).code(400).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  // First of all hooks: everything after it answers in the request's language (issue 20).
  installLanguage(app);

  // Fastify's JSON parser, except that an empty body reads as no body (a POST
  // without payload from a client that always sets the content type).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, rejectPrototypeKeys));
    } catch {
      done(badRequest(messages.validation.malformedJson), undefined);
    }
  });

  // Stopping behind a load balancer, in two steps (server.ts times them; docs/scaling.md):
  // - draining: readiness answers 503, so the balancer stops sending requests here, while
  //   every request that still comes is served, its answer closing the connection;
  // - refusing: a new request is refused before it starts (503, `Connection: close` and
  //   the not-started mark, so it can be sent elsewhere), while running ones finish.
  let phase: 'serving' | 'draining' | 'refusing' = 'serving';
  const inFlight = new Set<string>();
  const drained: (() => void)[] = [];
  const settle = (id: string) => {
    if (inFlight.delete(id) && inFlight.size === 0) drained.splice(0).forEach((resolve) => resolve());
  };
  /** The refusal of a request that came while the server stops. */
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    // Read what the client is still sending first: a socket closed with unread data is
    // reset, and the client would see a broken connection instead of this answer.
    await discardBody(request.raw);
    const body = errorEnvelope(503, messages.validation.shuttingDown);
    // Sent as text: the route's own 503 schema (readiness has one) does not describe this envelope.
    return reply
      .code(503)
      .headers({ connection: 'close', 'retry-after': '1', [NOT_STARTED_HEADER]: 'true' })
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  };
  // These hooks run on every request: written with `done` rather than as async functions, so
  // none costs a promise and a turn of the microtask queue (issue 18, docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (phase === 'refusing') {
      refuse(request, reply).catch(done);
      return;
    }
    inFlight.add(request.id);
    // A NUL anywhere in the URL (path or query) can never name anything we store.
    if (request.url.includes('%00') || request.url.includes('\u0000')) {
      done(badRequest(messages.validation.invalidInput));
      return;
    }
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (phase !== 'serving') void reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    settle(request.id);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    settle(request.id);
    done();
  });
  // Closing without the two steps (tests, a failed start) refuses the same way.
  app.addHook('preClose', async () => {
    phase = 'refusing';
  });
  app.decorate('isStopping', () => phase !== 'serving');
  app.decorate('beginDrain', () => {
    if (phase === 'serving') phase = 'draining';
  });
  app.decorate('beginShutdown', () => {
    phase = 'refusing';
    return inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve));
  });

  // Every route, as registered: the tenancy matrix and the fuzzer walk this table, so a
  // new route is covered without anyone remembering to add it.
  const routeTable: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    const studentGuard = ([route.onRequest ?? []].flat() as unknown[]).includes(app.authenticateStudent);
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, schema: route.schema, studentGuard, roles: route.config?.roles });
    }
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  // Answers checked against their schema and written as JSON (plugins/serialization.ts).
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(errorsPlugin);
  await app.register(dbPlugin, { db, appSecret });
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin, { sessionIdleMs: config.sessionIdleMs });
  await app.register(writeAuditPlugin);
  await app.register(studentAuthPlugin);
  await app.register(openapiPlugin);
  await app.register(pushPlugin, { push: config.push });
  await app.register(mailPlugin, { mail: config.mail });
  await app.register(duesRemindersPlugin, { intervalMs: config.duesReminderIntervalMs });
  await app.register(recurringExpensesPlugin, { intervalMs: config.recurringExpenseIntervalMs });

  // Uploaded images (DESIGN.md §5): an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads.
  const uploads = createConfiguredStorage(config.storage);
  app.addHook('onClose', async () => uploads.close?.());
  // Issue 19: erases identity documents once their retention period has passed.
  await app.register(retentionPlugin, { intervalMs: config.retentionIntervalMs, storage: uploads });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { isLive });
      await api.register(authRoutes, { sessionTtlMs: config.sessionTtlMs, rateLimit: config.authRateLimit });
      await api.register(passwordResetRoutes, { rateLimit: config.authRateLimit, publicUrl: config.publicUrl, now });
      await api.register(profileRoutes);
      await api.register(studentRoutes, { storage: uploads });
      await api.register(studentPrivacyRoutes, { storage: uploads });
      await api.register(fileRoutes, { storage: uploads });
      await api.register(areaRoutes);
      await api.register(seatRoutes);
      await api.register(subscriptionRoutes);
      await api.register(feeRoutes);
      await api.register(dashboardRoutes);
      await api.register(auditRoutes);
      await api.register(notificationRoutes);
      await api.register(deviceRoutes, { rateLimit: config.deviceRateLimit });
      await api.register(duesRoutes);
      await api.register(paymentRoutes);
      await api.register(settingsRoutes);
      await api.register(receiptRoutes, { publicUrl: config.publicUrl });
      await api.register(expenseRoutes);
      await api.register(profitRoutes);
      await api.register(studentAppRoutes, { rateLimit: config.deviceRateLimit });
      await api.register(attendanceRoutes, { now });
      await api.register(teamRoutes, {
        sessionTtlMs: config.sessionTtlMs,
        publicUrl: config.publicUrl,
        rateLimit: { max: config.authRateLimit.max, windowMs: config.authRateLimit.windowMs },
      });
    },
    { prefix: '/api' },
  );

  // Shared receipts open without signing in at /r/<token>, outside /api and before the web app's fallback.
  await app.register(sharedReceiptRoutes, { rateLimit: config.receiptLinkRateLimit });
  await app.register(spaPlugin, { root: config.webDist ?? DEFAULT_WEB_DIST });
  return app;
}
