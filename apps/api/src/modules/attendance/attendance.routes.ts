import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceCheckInputSchema,
  attendanceCheckResultSchema,
  attendanceDayQuerySchema,
  attendanceDaySchema,
  attendanceMonthQuerySchema,
  errorEnvelopeSchema,
  idCardSchema,
  insideNowSchema,
  messages,
  monthlyAttendanceSchema,
  notSeenQuerySchema,
  notSeenSchema,
  studentAttendanceSchema,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import { createUrlSigner, FILE_URL_BASE_PATH, FILE_URL_TTL_SECONDS } from '../../lib/storage/signed-urls';
import * as service from './attendance.service';

const m = messages.attendance;
const studentParams = z.object({ id: z.uuid({ error: () => m.studentNotFound }) });
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const withId = { ...failures, 404: errorEnvelopeSchema };
const common = { tags: ['attendance'], security: [{ bearerAuth: [] }] };

export interface AttendanceRoutesOptions {
  /** The clock (milliseconds since the epoch); tests set it. */
  now?: () => number;
}

/**
 * Check-in at the desk, attendance, and printed ID cards (issue 15); every call is an
 * admin's and scoped to the caller's library.
 */
const attendanceRoutes: FastifyPluginAsyncZod<AttendanceRoutesOptions> = async (app, options) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.AttendanceContext = {
    db: app.db,
    appSecret: app.appSecret,
    signer: createUrlSigner(app.appSecret, { ttlSeconds: FILE_URL_TTL_SECONDS, basePath: FILE_URL_BASE_PATH }),
    now: options.now ?? Date.now,
  };

  const csv = (filename: string, body: string) => ({
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
    body,
  });

  app.post(
    '/attendance/check',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary:
          'Check a scanned entry pass or ID card, or a typed mobile number: in, out (a scan a minute or more after the last), ignored (within a minute) or denied with the reason',
        body: attendanceCheckInputSchema,
        response: { 200: successEnvelope(attendanceCheckResultSchema), ...failures },
      },
    },
    async (request) => {
      const result = await service.checkOnce(context, actorOf(request), request.body);
      return ok(result, result.message);
    },
  );

  app.get(
    '/attendance/day',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: "One day's visits (default the library's today): who, in, out, their window and seat",
        querystring: attendanceDayQuerySchema,
        response: { 200: successEnvelope(attendanceDaySchema), ...failures },
      },
    },
    async (request) => ok(await service.dayList(context, actorOf(request), request.query.date)),
  );

  app.get(
    '/attendance/day/export',
    {
      config: allow('exports'),
      schema: { ...common, summary: "One day's visits as CSV", querystring: attendanceDayQuerySchema },
    },
    async (request, reply) => {
      const { date, csv: body } = await service.dayCsv(context, actorOf(request), request.query.date);
      const file = csv(`attendance-${date}.csv`, body);
      return reply.headers(file.headers).send(file.body);
    },
  );

  app.get(
    '/attendance/inside',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: 'Who is inside now (checked in, not out), with their seat, for the dashboard and the seats screen',
        response: { 200: successEnvelope(insideNowSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await service.insideNow(context, actorOf(request))),
  );

  app.get(
    '/attendance/student/:id',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: "A student's visits in a month (default this month) and days present in the last 12 months",
        params: studentParams,
        querystring: attendanceMonthQuerySchema,
        response: { 200: successEnvelope(studentAttendanceSchema), ...withId },
      },
    },
    async (request) =>
      ok(await service.studentHistory(context, actorOf(request), request.params.id, request.query.month)),
  );

  app.get(
    '/attendance/monthly',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: "Every student's days present in a month (default this month), with the days they had a plan",
        querystring: attendanceMonthQuerySchema,
        response: { 200: successEnvelope(monthlyAttendanceSchema), ...failures },
      },
    },
    async (request) => ok(await service.monthlyAttendance(context, actorOf(request), request.query.month)),
  );

  app.get(
    '/attendance/monthly/export',
    {
      config: allow('exports'),
      schema: { ...common, summary: 'Monthly attendance as CSV', querystring: attendanceMonthQuerySchema },
    },
    async (request, reply) => {
      const { month, csv: body } = await service.monthlyCsv(context, actorOf(request), request.query.month);
      const file = csv(`attendance-${month}.csv`, body);
      return reply.headers(file.headers).send(file.body);
    },
  );

  app.get(
    '/attendance/not-seen',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: 'Students with a plan active today whom the desk has not seen for N days or more (default 3)',
        querystring: notSeenQuerySchema,
        response: { 200: successEnvelope(notSeenSchema), ...failures },
      },
    },
    async (request) => ok(await service.notSeen(context, actorOf(request), request.query.days)),
  );

  app.get(
    '/attendance/not-seen/export',
    {
      config: allow('exports'),
      schema: { ...common, summary: 'The not-seen list as CSV', querystring: notSeenQuerySchema },
    },
    async (request, reply) => {
      const { today, csv: body } = await service.notSeenCsv(context, actorOf(request), request.query.days);
      const file = csv(`not-seen-${request.query.days}-days-${today}.csv`, body);
      return reply.headers(file.headers).send(file.body);
    },
  );

  app.post(
    '/user/:id/id-card',
    {
      config: allow('staff'),
      schema: {
        ...common,
        tags: ['id-cards'],
        summary: "Issue the student's printed ID card (any earlier card stops working); answers the code to print",
        params: studentParams,
        response: { 201: successEnvelope(idCardSchema), ...withId },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await service.issueCard(context, actorOf(request), request.params.id), m.cardIssued)),
  );

  app.get(
    '/user/:id/id-card',
    {
      config: allow('staff'),
      schema: {
        ...common,
        tags: ['id-cards'],
        summary: "The student's live ID card and its code",
        params: studentParams,
        response: { 200: successEnvelope(idCardSchema), ...withId },
      },
    },
    async (request) => ok(await service.getCard(context, actorOf(request), request.params.id)),
  );

  app.delete(
    '/user/:id/id-card',
    {
      config: allow('deletes'),
      schema: {
        ...common,
        tags: ['id-cards'],
        summary: "Cancel the student's ID card: it stops working at the desk",
        params: studentParams,
        response: { 200: successEnvelope(z.null()), ...withId },
      },
    },
    async (request) => {
      await service.revokeCard(context, actorOf(request), request.params.id);
      return ok(null, m.cardRevokedDone);
    },
  );
};

export default attendanceRoutes;
