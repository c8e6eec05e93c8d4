import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceRegistrationResultSchema,
  deviceRegistrationSchema,
  errorEnvelopeSchema,
  messages,
  pairingCodeResultSchema,
  pairingStudentParamsSchema,
  studentPairingSchema,
  successEnvelope,
} from '@app/shared';
import { createKeyedHash } from '../../lib/crypto';
import { actorOf } from '../../plugins/auth';
import * as service from './devices.service';
import { ok } from '../../lib/reply';

export interface DeviceRoutesOptions {
  rateLimit: { max: number; windowMs: number };
}

const failure = errorEnvelopeSchema;
const security = [{ bearerAuth: [] }];
const m = messages.notification;

const deviceRoutes: FastifyPluginAsyncZod<DeviceRoutesOptions> = async (app, options) => {
  const context: service.DevicesContext = { db: app.db, hashCode: createKeyedHash(app.appSecret, 'pairing-code') };

  // The student app's call: no admin token, the pairing code is the credential.
  app.post(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary: "Pair a student's phone for push notifications with the student's pairing code",
        body: deviceRegistrationSchema,
        response: {
          201: successEnvelope(deviceRegistrationResultSchema),
          400: failure,
          401: failure,
          429: failure,
        },
      },
      // Before validation, so malformed guesses are counted too.
      preValidation: app.rateLimit({ name: 'devices', ...options.rateLimit }),
    },
    async (request, reply) => {
      const data = await service.registerDevice(context, request.body);
      return reply.code(201).send({ status: true as const, message: m.devices.registered, data });
    },
  );

  app.post(
    '/user/:id/pairing-code',
    {
      schema: {
        tags: ['devices'],
        summary: "Make a new pairing code for a student's phone app (shown once; the old code stops working)",
        security,
        params: pairingStudentParamsSchema,
        response: { 201: successEnvelope(pairingCodeResultSchema), 401: failure, 404: failure },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const data = await service.regeneratePairingCode(context, actorOf(request), request.params.id);
      // The code is a credential: no cache may keep it.
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ status: true as const, message: m.pairing.generated, data });
    },
  );

  app.get(
    '/user/:id/devices',
    {
      schema: {
        tags: ['devices'],
        summary: "A student's paired phones, and whether a pairing code exists",
        security,
        params: pairingStudentParamsSchema,
        response: { 200: successEnvelope(studentPairingSchema), 401: failure, 404: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => ok(await service.getPairing(context, actorOf(request), request.params.id)),
  );

  app.delete(
    '/user/:id/devices/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: 'Unpair a phone (it receives no more notifications)',
        security,
        params: pairingStudentParamsSchema.extend({ deviceId: z.string().max(100) }),
        response: { 200: successEnvelope(z.null()), 401: failure, 404: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      await service.removeDevice(context, actorOf(request), request.params.id, request.params.deviceId);
      return { status: true as const, message: m.pairing.removed, data: null };
    },
  );
};

export default deviceRoutes;
