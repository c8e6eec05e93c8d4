import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areaIdParamsSchema,
  errorEnvelopeSchema,
  generatedSeatsSchema,
  messages,
  seatAreaParamsSchema,
  seatBodySchema,
  seatIdParamsSchema,
  seatListQuerySchema,
  seatSchema,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './seats.service';
import { ok } from '../../lib/reply';
import { sendDataJson } from '../../lib/json-answer';

const m = messages.seats;
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const common = { tags: ['seats'], security: [{ bearerAuth: [] }] };

/** Seats Management calls (SPEC.md §7); every one is scoped to the caller's library. */
const seatRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a caller without a session learns nothing, not even which input is wrong.
  app.addHook('onRequest', app.authenticate);
  const context: service.SeatsContext = { db: app.db };

  app.get(
    '/seat',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: "The library's seats with their live state, optionally one area's",
        querystring: seatListQuerySchema,
        response: { 200: successEnvelope(z.array(seatSchema)), ...failures },
      },
    },
    async (request, reply) =>
      sendDataJson(reply, await service.listSeatsJson(context, actorOf(request), request.query.areaId), m.listed),
  );

  app.get(
    '/seat/:areaId',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: "One area's seats with their live state",
        params: seatAreaParamsSchema,
        response: { 200: successEnvelope(z.array(seatSchema)), ...failures },
      },
    },
    async (request, reply) =>
      sendDataJson(reply, await service.listSeatsJson(context, actorOf(request), request.params.areaId), m.listed),
  );

  app.post(
    '/seat',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: 'Add a seat to an area that has room for it',
        body: seatBodySchema,
        response: { 201: successEnvelope(seatSchema), 409: errorEnvelopeSchema, ...failures },
      },
    },
    async (request, reply) => {
      const seat = await service.createSeat(context, actorOf(request), request.body);
      return reply.status(201).send({ status: true, message: m.added, data: seat });
    },
  );

  app.put(
    '/seat/:id',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: 'Update a seat (name, area, status, capacity)',
        params: seatIdParamsSchema,
        body: seatBodySchema,
        response: { 200: successEnvelope(seatSchema), 409: errorEnvelopeSchema, ...failures },
      },
    },
    async (request) =>
      ok(await service.updateSeat(context, actorOf(request), request.params.id, request.body), m.updated),
  );

  app.delete(
    '/seat/:id',
    {
      config: allow('deletes'),
      schema: {
        ...common,
        summary: 'Delete a seat',
        params: seatIdParamsSchema,
        response: { 200: successEnvelope(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.deleteSeat(context, actorOf(request), request.params.id);
      return { status: true as const, message: m.deleted, data: null };
    },
  );

  // Lives with the seats: it creates seats, under the same area lock as adding one.
  app.post(
    '/area/:id/generate-seats',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: "Fill an area up to its Total Seats with numbered seats following its seats' names",
        params: areaIdParamsSchema,
        response: { 201: successEnvelope(generatedSeatsSchema), 409: errorEnvelopeSchema, ...failures },
      },
    },
    async (request, reply) => {
      const data = await service.generateSeats(context, actorOf(request), request.params.id);
      return reply.status(201).send({ status: true, message: messages.areas.generated(data.created), data });
    },
  );
};

export default seatRoutes;
