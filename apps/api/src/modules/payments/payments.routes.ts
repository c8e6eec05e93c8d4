import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dayBookQuerySchema,
  dayBookSchema,
  errorEnvelopeSchema,
  messages,
  paymentCreateSchema,
  paymentResultSchema,
  subscriptionAccountSchema,
  successEnvelope,
} from '@app/shared';
import { actorOf } from '../../plugins/auth';
import { answerOnce, idempotencyHeaders } from '../../lib/idempotency';
import { ok } from '../../lib/reply';
import * as service from './payments.service';

const m = messages.payments;
const idParams = z.object({ id: z.uuid({ error: m.notFound }) });
const failures = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];

/** Payments towards a subscription's balance, its account, and the day book (issue 13). */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.PaymentsContext = { db: app.db };

  app.post(
    '/subscription/:id/payments',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Record a payment towards a subscription's balance (a reference is unique per library; honours Idempotency-Key)",
        security,
        params: idParams,
        headers: idempotencyHeaders,
        body: paymentCreateSchema,
        response: {
          201: successEnvelope(paymentResultSchema),
          ...failures,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id } = request.params;
      // A retried payment (a flaky connection at the desk) is recorded once and answered as the first.
      const idempotency = { key: request.headers['idempotency-key'], scope: `payment:${id}`, body: request.body };
      const answer = await answerOnce(app.db, { libraryId: actor.libraryId, ...idempotency }, async (db) => ({
        statusCode: 201,
        body: ok(await service.recordPayment({ db }, actor, id, request.body), m.recorded),
      }));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/subscription/:id/payments',
    {
      schema: {
        tags: ['payments'],
        summary: "A subscription's account: its priced periods, its payments (newest first) and the balance",
        security,
        params: idParams,
        response: { 200: successEnvelope(subscriptionAccountSchema), ...failures },
      },
    },
    async (request) => ok(await service.subscriptionAccount(context, actorOf(request), request.params.id)),
  );

  app.get(
    '/day-book',
    {
      schema: {
        tags: ['payments'],
        summary: "What came in on one of the library's days (default today): totals, by mode, by collector, payments",
        security,
        querystring: dayBookQuerySchema,
        response: { 200: successEnvelope(dayBookSchema), ...failures },
      },
    },
    async (request) => ok(await service.dayBook(context, actorOf(request), request.query)),
  );

  app.get(
    '/day-book/export',
    {
      schema: {
        tags: ['payments'],
        summary: "The day book's payments as CSV (default today)",
        security,
        querystring: dayBookQuerySchema,
      },
    },
    async (request, reply) => {
      const { date, csv } = await service.dayBookCsv(context, actorOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="day-book-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};

export default paymentRoutes;
