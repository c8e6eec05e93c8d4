import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dayBookQuerySchema,
  dayBookSchema,
  errorEnvelopeSchema,
  messages,
  paymentAdjustmentSchema,
  paymentCreateSchema,
  paymentResultSchema,
  paymentVoidSchema,
  subscriptionAccountSchema,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import type { DbOrTx } from '../../db/client';
import { answerOnce, idempotencyHeaders } from '../../lib/idempotency';
import type { Actor } from '../../lib/service-context';
import { ok } from '../../lib/reply';
import * as corrections from './corrections.service';
import * as service from './payments.service';

const m = messages.payments;
const r = messages.receipts;
const idParams = z.object({ id: z.uuid({ error: () => m.notFound }) });
const paymentParams = z.object({ id: z.uuid({ error: () => m.paymentNotFound }) });
const failures = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];

/** A money write's schema: the payment or subscription in the path, an Idempotency-Key, and its refusals. */
function moneyWriteSchema<Params extends z.ZodType, Body extends z.ZodType, Status extends 200 | 201>(options: {
  summary: string;
  params: Params;
  body: Body;
  statusCode: Status;
}) {
  const answered = { [options.statusCode]: successEnvelope(paymentResultSchema) } as Record<
    Status,
    ReturnType<typeof successEnvelope<typeof paymentResultSchema>>
  >;
  return {
    tags: ['payments'],
    summary: options.summary,
    security,
    params: options.params,
    headers: idempotencyHeaders,
    body: options.body,
    response: {
      ...answered,
      ...failures,
      409: errorEnvelopeSchema,
      422: errorEnvelopeSchema,
    },
  };
}

/** Payments towards a subscription's balance, their corrections, its account, and the day book (issues 13, 14). */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.PaymentsContext = { db: app.db };

  /**
   * Runs a money write once per Idempotency-Key (`scope` names the call and its record): a
   * retry (a flaky connection at the desk) is answered as the first, not recorded again.
   */
  async function once<T, Status extends 200 | 201>(
    request: FastifyRequest & { headers: { 'idempotency-key'?: string | undefined }; body: unknown },
    scope: string,
    answer: { statusCode: Status; message: string },
    write: (db: DbOrTx, actor: Actor) => Promise<T>,
  ) {
    const actor = actorOf(request);
    const idempotent = {
      libraryId: actor.libraryId,
      key: request.headers['idempotency-key'],
      scope,
      body: request.body,
    };
    const answered = await answerOnce(app.db, idempotent, async (db) => ({
      statusCode: answer.statusCode,
      body: ok(await write(db, actor), answer.message),
    }));
    // A replayed answer is the first one, stored with this same status.
    return { statusCode: answered.statusCode as Status, body: answered.body };
  }

  app.post(
    '/subscription/:id/payments',
    {
      config: allow('staff'),
      schema: moneyWriteSchema({
        summary:
          "Record a payment towards a subscription's balance (a reference is unique per library; honours Idempotency-Key)",
        params: idParams,
        body: paymentCreateSchema,
        statusCode: 201,
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await once(request, `payment:${id}`, { statusCode: 201, message: m.recorded }, (db, actor) =>
        service.recordPayment({ db }, actor, id, request.body),
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  // Corrections (issue 14): a payment is never edited; it is voided or adjusted by a new entry.
  app.post(
    '/payments/:id/void',
    {
      config: allow('deletes'),
      schema: moneyWriteSchema({
        summary:
          'Void a payment with a reason: it keeps its receipt number, marked void, and counts for nothing (honours Idempotency-Key)',
        params: paymentParams,
        body: paymentVoidSchema,
        statusCode: 200,
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await once(request, `void:${id}`, { statusCode: 200, message: r.voided }, (db, actor) =>
        corrections.voidPayment({ db }, actor, id, request.body),
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    '/payments/:id/adjustments',
    {
      config: allow('manage'),
      schema: moneyWriteSchema({
        summary:
          'Adjust a payment by a new entry with a reason: more received (its own receipt, at most the balance) or a refund (at most what is left of the payment); honours Idempotency-Key',
        params: paymentParams,
        body: paymentAdjustmentSchema,
        statusCode: 201,
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await once(request, `adjust:${id}`, { statusCode: 201, message: r.adjusted }, (db, actor) =>
        corrections.adjustPayment({ db }, actor, id, request.body),
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/subscription/:id/payments',
    {
      config: allow('staff'),
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
      config: allow('staff'),
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
      config: allow('exports'),
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
