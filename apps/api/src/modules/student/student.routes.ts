import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  languageChoiceSchema,
  languageMessages,
  messages,
  studentInboxParamsSchema,
  studentInboxQuerySchema,
  studentInboxReadResultSchema,
  studentInboxSchema,
  studentMeSchema,
  studentPassKeySchema,
  studentPaymentsSchema,
  studentSessionCreateSchema,
  studentSessionResultSchema,
  successEnvelope,
} from '@app/shared';
import { createKeyedHash } from '../../lib/crypto';
import { ok } from '../../lib/reply';
import { retryAfterSeconds } from '../../plugins/rate-limit';
import { requireStudent } from '../../plugins/student-auth';
import { tooManyRequests } from '../../errors';
import { deviceLabelFor } from './device-label';
import * as service from './student.service';

export interface StudentRoutesOptions {
  /** Failed sign-ins one address may make per window (DEVICE_RATE_LIMIT_*). */
  rateLimit: { max: number; windowMs: number };
}

const failure = errorEnvelopeSchema;
const security = [{ studentAuth: [] }];
const m = messages.student;

/**
 * The student app's own API (issue 15): sign-in with the pairing code, then everything with
 * the student session's bearer token (`app.authenticateStudent`, in `onRequest`). No route
 * here takes an admin token, and no admin route takes a student's.
 */
const studentRoutes: FastifyPluginAsyncZod<StudentRoutesOptions> = async (app, options) => {
  const context: service.StudentAppContext = {
    db: app.db,
    appSecret: app.appSecret,
    hashCode: createKeyedHash(app.appSecret, 'pairing-code'),
  };
  const guard = { onRequest: app.authenticateStudent };
  const addressKey = (ip: string) => `student-session:ip:${ip}`;

  app.post(
    '/student/session',
    {
      schema: {
        tags: ['student app'],
        summary: "Sign in to the student app with the student's pairing code (no admin token)",
        body: studentSessionCreateSchema,
        response: { 201: successEnvelope(studentSessionResultSchema), 400: failure, 401: failure, 429: failure },
      },
      // Every attempt counts against the address before validation (so concurrent and malformed
      // guesses count too); a successful one is taken back, so a library's shared Wi-Fi can sign
      // in all its students.
      preValidation: async (request, reply) => {
        const { hits, resetAt } = await app.rateCounters.add(addressKey(request.ip), options.rateLimit.windowMs);
        if (hits > options.rateLimit.max) {
          void reply.header('retry-after', String(retryAfterSeconds(resetAt)));
          throw tooManyRequests();
        }
      },
    },
    async (request, reply) => {
      const data = await service.signIn(context, {
        pairingCode: request.body.pairing_code,
        deviceLabel: deviceLabelFor(request.headers['user-agent']),
        ip: request.ip,
      });
      await app.rateCounters.takeBack(addressKey(request.ip));
      // The token is a credential: no cache may keep it.
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ status: true as const, message: m.signedIn, data });
    },
  );

  app.delete(
    '/student/session',
    {
      schema: {
        tags: ['student app'],
        summary: 'Sign this phone out of the student app (its pass and push notifications stop)',
        security,
        response: { 200: successEnvelope(z.null()), 401: failure },
      },
      ...guard,
    },
    async (request) => {
      await service.signOut(context, requireStudent(request), request.ip);
      return ok(null, m.signedOut);
    },
  );

  app.get(
    '/student/me',
    {
      schema: {
        tags: ['student app'],
        summary: "The student's membership: plans, seat, daily window, dates, days left, and the library",
        security,
        response: { 200: successEnvelope(studentMeSchema), 401: failure },
      },
      ...guard,
    },
    async (request) => ok(await service.getMe(context, requireStudent(request)), m.me),
  );

  app.put(
    '/student/language',
    {
      schema: {
        tags: ['student app'],
        summary: "Keep the student's language (issue 20) for every phone they sign in on",
        security,
        body: languageChoiceSchema,
        response: { 200: successEnvelope(languageChoiceSchema), 400: failure, 401: failure },
      },
      ...guard,
    },
    async (request) => {
      const language = await service.setLanguage(context, requireStudent(request), request.body.language);
      return ok({ language }, languageMessages.saved);
    },
  );

  app.get(
    '/student/payments',
    {
      schema: {
        tags: ['student app'],
        summary: "The student's payments and dues, with the UPI pay link where the library has a UPI ID",
        security,
        response: { 200: successEnvelope(studentPaymentsSchema), 401: failure },
      },
      ...guard,
    },
    async (request) => ok(await service.getPayments(context, requireStudent(request)), m.payments),
  );

  app.get(
    '/student/notifications',
    {
      schema: {
        tags: ['student app'],
        summary: "The student's inbox: the notifications sent to them, newest first, read or unread",
        security,
        querystring: studentInboxQuerySchema,
        response: { 200: successEnvelope(studentInboxSchema), 400: failure, 401: failure },
      },
      ...guard,
    },
    async (request) => ok(await service.getInbox(context, requireStudent(request), request.query), m.notifications),
  );

  app.post(
    '/student/notifications/read-all',
    {
      schema: {
        tags: ['student app'],
        summary: "Mark every notification in the student's inbox read",
        security,
        response: { 200: successEnvelope(studentInboxReadResultSchema), 401: failure },
      },
      ...guard,
    },
    async (request) => ok(await service.markAllRead(context, requireStudent(request)), m.notificationsRead),
  );

  app.post(
    '/student/notifications/:id/read',
    {
      schema: {
        tags: ['student app'],
        summary: "Mark one notification of the student's inbox read",
        security,
        params: studentInboxParamsSchema,
        response: { 200: successEnvelope(studentInboxReadResultSchema), 401: failure, 404: failure },
      },
      ...guard,
    },
    async (request) =>
      ok(await service.markRead(context, requireStudent(request), request.params.id), m.notificationRead),
  );

  app.get(
    '/student/pass-key',
    {
      schema: {
        tags: ['student app'],
        summary: "This session's entry-pass key and the server's clock",
        security,
        response: { 200: successEnvelope(studentPassKeySchema), 401: failure },
      },
      ...guard,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(service.getPassKey(context, requireStudent(request)), m.passKey);
    },
  );
};

export default studentRoutes;
