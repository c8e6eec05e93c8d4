import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dueListQuerySchema,
  dueListSchema,
  duesSummarySchema,
  errorEnvelopeSchema,
  messages,
  reminderCreateSchema,
  reminderRecordSchema,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import * as service from './dues.service';

const m = messages.dues;
const reminderParams = z.object({ subscriptionId: z.uuid({ error: () => m.dueNotFound }) });
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];

const duesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.DuesContext = { db: app.db };

  app.get(
    '/dues',
    {
      config: allow('staff'),
      schema: {
        tags: ['dues'],
        summary: 'One group of dues (expiring, expired, unpaid) with amounts, UPI links and last reminders',
        description:
          "Computed in the library's time zone: expiring = plan ends within N days (settings, default 5) and not renewed; expired = ended within the grace period (default 7 days) and not renewed; unpaid = agreed prices above payments. Search by student name or mobile. The summary holds every group's count and total.",
        security,
        querystring: dueListQuerySchema,
        response: { 200: successEnvelope(dueListSchema), ...failures },
      },
    },
    async (request) => ok(await service.listDues(context, actorOf(request), request.query)),
  );

  app.get(
    '/dues/summary',
    {
      config: allow('staff'),
      schema: {
        tags: ['dues'],
        summary:
          "Counts and totals of the dues, the whole amount outstanding and whether reminders worked (the dashboard's card)",
        security,
        response: { 200: successEnvelope(duesSummarySchema), ...failures },
      },
    },
    async (request) => ok(await service.duesSummary(context, actorOf(request))),
  );

  app.get(
    '/dues/export',
    {
      config: allow('exports'),
      schema: {
        tags: ['dues'],
        summary: 'One group of dues as CSV, with the same search and sort as the list',
        security,
        querystring: dueListQuerySchema,
      },
    },
    async (request, reply) => {
      const { today, lines } = await service.duesCsv(context, actorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="dues-${request.query.group}-${today}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );

  app.post(
    '/dues/:subscriptionId/reminders',
    {
      config: allow('staff'),
      schema: {
        tags: ['dues'],
        summary: 'Record a reminder sent on WhatsApp or by SMS for a due',
        description:
          'The due must be in the group now (404 otherwise) and the mobile must take WhatsApp (10 digits starting 6–9; 422 on `mobile` otherwise).',
        security,
        params: reminderParams,
        body: reminderCreateSchema,
        response: {
          201: successEnvelope(reminderRecordSchema),
          ...failures,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const reminder = await service.recordReminder(
        context,
        actorOf(request),
        request.params.subscriptionId,
        request.body,
      );
      return reply.code(201).send(ok(reminder, m.reminderRecorded));
    },
  );
};

export default duesRoutes;
