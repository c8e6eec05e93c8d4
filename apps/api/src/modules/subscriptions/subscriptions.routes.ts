import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilityQuerySchema,
  availabilitySchema,
  errorEnvelopeSchema,
  messages,
  subscriptionCreateSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionRenewSchema,
  subscriptionSchema,
  subscriptionUpdateSchema,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import { answerOnce, idempotencyHeaders } from '../../lib/idempotency';
import * as service from './subscriptions.service';
import { ok } from '../../lib/reply';
import { sendDataJson } from '../../lib/json-answer';

const m = messages.subscriptions;
const idParams = z.object({ id: z.uuid({ error: () => m.notFound }) });
const failures = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];

const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.SubscriptionsContext = { db: app.db };

  app.get(
    '/subscription',
    {
      config: allow('staff'),
      schema: {
        tags: ['subscriptions'],
        summary: 'List subscriptions (search by student name or mobile; filter active, expired, expiring, upcoming)',
        security,
        querystring: subscriptionListQuerySchema,
        response: { 200: successEnvelope(subscriptionListSchema), ...failures },
      },
    },
    async (request) => ok(await service.listSubscriptions(context, actorOf(request), request.query)),
  );

  app.get(
    '/subscription/available',
    {
      config: allow('staff'),
      schema: {
        tags: ['subscriptions'],
        summary: 'Places free for a daily window from a joining date',
        security,
        querystring: availabilityQuerySchema,
        response: { 200: successEnvelope(availabilitySchema), ...failures },
      },
    },
    async (request, reply) =>
      sendDataJson(reply, await service.availabilityJson(context, actorOf(request), request.query)),
  );

  app.post(
    '/subscription',
    {
      config: allow('staff'),
      schema: {
        tags: ['subscriptions'],
        summary: 'Create a subscription and record its fee (honours Idempotency-Key)',
        security,
        headers: idempotencyHeaders,
        body: subscriptionCreateSchema,
        response: { 200: successEnvelope(subscriptionSchema), 201: successEnvelope(subscriptionSchema), ...failures },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const idempotency = { key: request.headers['idempotency-key'], scope: 'create', body: request.body };
      const answer = await answerOnce(app.db, { libraryId: actor.libraryId, ...idempotency }, async (db) => ({
        statusCode: 201,
        body: {
          status: true as const,
          message: m.created,
          data: await service.createSubscription({ db }, actor, request.body),
        },
      }));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/subscription/:id',
    {
      config: allow('staff'),
      schema: {
        tags: ['subscriptions'],
        summary: 'One subscription, for the edit dialog',
        security,
        params: idParams,
        response: { 200: successEnvelope(subscriptionSchema), ...failures },
      },
    },
    async (request) => ok(await service.getSubscription(context, actorOf(request), request.params.id)),
  );

  app.put(
    '/subscription/:id',
    {
      config: allow('manage'),
      schema: {
        tags: ['subscriptions'],
        summary: "Change a subscription's window or seat",
        security,
        params: idParams,
        body: subscriptionUpdateSchema,
        response: { 200: successEnvelope(subscriptionSchema), ...failures },
      },
    },
    async (request) =>
      ok(await service.updateSubscription(context, actorOf(request), request.params.id, request.body), m.updatedServer),
  );

  app.put(
    '/subscription/renew/:id',
    {
      config: allow('staff'),
      schema: {
        tags: ['subscriptions'],
        summary: 'Renew a subscription and record its fee (honours Idempotency-Key)',
        security,
        params: idParams,
        headers: idempotencyHeaders,
        body: subscriptionRenewSchema,
        response: { 200: successEnvelope(subscriptionSchema), ...failures },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const idempotency = { key: request.headers['idempotency-key'], scope: `renew:${id}`, body: request.body };
      const answer = await answerOnce(app.db, { libraryId: actor.libraryId, ...idempotency }, async (db) => ({
        statusCode: 200,
        body: {
          status: true as const,
          message: m.renewedServer,
          data: await service.renewSubscription({ db }, actor, id, request.body),
        },
      }));
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
};

export default subscriptionRoutes;
