import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  librarySettingsRecordSchema,
  librarySettingsSchema,
  messages,
  successEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import * as service from './settings.service';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];

/** The library's settings: UPI, dues windows, the reminder template and the price list (issue 13). */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.SettingsContext = { db: app.db };

  app.get(
    '/settings',
    {
      config: allow('staff'),
      schema: {
        tags: ['settings'],
        summary: "The library's settings (the defaults until saved once)",
        security,
        response: { 200: successEnvelope(librarySettingsRecordSchema), ...failures },
      },
    },
    async (request) => ok(await service.getSettings(context, actorOf(request))),
  );

  app.put(
    '/settings',
    {
      config: allow('settings'),
      schema: {
        tags: ['settings'],
        summary: "Save the library's settings, replacing its price list",
        security,
        body: librarySettingsSchema,
        response: { 200: successEnvelope(librarySettingsRecordSchema), ...failures, 409: errorEnvelopeSchema },
      },
    },
    async (request) =>
      ok(await service.updateSettings(context, actorOf(request), request.body), messages.settings.saved),
  );
};

export default settingsRoutes;
