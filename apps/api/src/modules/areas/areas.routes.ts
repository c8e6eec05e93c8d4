import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  areaBodySchema,
  areaIdParamsSchema,
  areaListQuerySchema,
  areaListSchema,
  areaPageSchema,
  areaSchema,
  errorEnvelopeSchema,
  messages,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import { catalogueText } from '../../plugins/language';
import * as service from './areas.service';
import { ok } from '../../lib/reply';

const m = messages.areas;
/** The lists' message, read from the catalogue once per language (plugins/language `catalogueText`). */
const listed = catalogueText(() => m.listed);
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const withId = { ...failures, 404: errorEnvelopeSchema };
const common = { tags: ['areas'], security: [{ bearerAuth: [] }] };

/** Areas Management calls (SPEC.md §7); every one is scoped to the caller's library. */
const areaRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a caller without a session learns nothing, not even which input is wrong.
  app.addHook('onRequest', app.authenticate);
  const context: service.AreasContext = { db: app.db };

  app.get(
    '/area',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: 'One page of areas, searchable by name or location and filterable by status',
        querystring: areaListQuerySchema,
        response: { 200: successEnvelope(areaPageSchema), ...failures },
      },
    },
    async (request) => ok(await service.listAreas(context, actorOf(request), request.query), listed()),
  );

  app.get(
    '/area/all',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: 'Every area of the library, by name (for dropdowns)',
        response: { 200: successEnvelope(areaListSchema), 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const areas = await service.listAllAreas(context, actorOf(request));
      return { status: true as const, message: listed(), data: { areas } };
    },
  );

  app.get(
    '/area/:id',
    {
      config: allow('staff'),
      schema: {
        ...common,
        summary: 'One area, opened for editing',
        params: areaIdParamsSchema,
        response: { 200: successEnvelope(areaSchema), ...withId },
      },
    },
    async (request) => ok(await service.getArea(context, actorOf(request), request.params.id), m.fetched),
  );

  app.post(
    '/area',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: 'Add an area',
        body: areaBodySchema,
        response: { 201: successEnvelope(areaSchema), 409: errorEnvelopeSchema, ...failures },
      },
    },
    async (request, reply) => {
      const area = await service.createArea(context, actorOf(request), request.body);
      return reply.status(201).send({ status: true, message: m.added, data: area });
    },
  );

  app.put(
    '/area/:id',
    {
      config: allow('manage'),
      schema: {
        ...common,
        summary: 'Update an area; Total Seats may not drop below its seats',
        params: areaIdParamsSchema,
        body: areaBodySchema,
        response: { 200: successEnvelope(areaSchema), 409: errorEnvelopeSchema, ...withId },
      },
    },
    async (request) =>
      ok(await service.updateArea(context, actorOf(request), request.params.id, request.body), m.updated),
  );

  app.delete(
    '/area/:id',
    {
      config: allow('deletes'),
      schema: {
        ...common,
        summary: 'Delete an area that has no seats',
        params: areaIdParamsSchema,
        response: { 200: successEnvelope(z.null()), 409: errorEnvelopeSchema, ...withId },
      },
    },
    async (request) => {
      await service.deleteArea(context, actorOf(request), request.params.id);
      return { status: true as const, message: m.deleted, data: null };
    },
  );
};

export default areaRoutes;
