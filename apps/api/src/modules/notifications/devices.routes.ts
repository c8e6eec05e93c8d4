import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  anyDeviceRegistrationSchema,
  deviceRegistrationResultSchema,
  errorEnvelopeSchema,
  isWebPushRegistration,
  messages,
  pairingCodeResultSchema,
  pairingStudentParamsSchema,
  studentPairingSchema,
  studentSessionParamsSchema,
  successEnvelope,
  vapidPublicKeySchema,
} from '@app/shared';
import { unauthorized } from '../../errors';
import { createKeyedHash } from '../../lib/crypto';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './devices.service';
import { upsertWebPushDevice } from './web-push.repository';
import { ok } from '../../lib/reply';

export interface DeviceRoutesOptions {
  rateLimit: { max: number; windowMs: number };
}

const failure = errorEnvelopeSchema;
const security = [{ bearerAuth: [] }];
const m = messages.notification;

const deviceRoutes: FastifyPluginAsyncZod<DeviceRoutesOptions> = async (app, options) => {
  const context: service.DevicesContext = { db: app.db, hashCode: createKeyedHash(app.appSecret, 'pairing-code') };

  const pairingLimit = app.rateLimit({ name: 'devices', ...options.rateLimit });

  /** A bearer token, when one is sent, must be a live student session's (an admin's is refused, 401). */
  async function studentIfSigned(request: FastifyRequest) {
    if (request.headers.authorization !== undefined) await app.authenticateStudent(request);
  }

  // Before validation, so malformed guesses are counted too; a signed-in student guesses nothing.
  const limitUnsigned: preHandlerAsyncHookHandler = async function (request, reply) {
    if (!request.student) await pairingLimit.call(this, request, reply);
  };

  // Before validation too: an anonymous caller learns nothing of the subscription rules.
  async function subscriptionNeedsStudent(request: FastifyRequest) {
    if (!request.student && isWebPushRegistration(request.body)) throw unauthorized(messages.auth.missingToken);
  }

  // Two callers. The phone app pairs with the student's pairing code (no token: the code is
  // the credential). The student app (issue 15), with its student session's token, registers
  // its browser's Web Push subscription as a `web` device of that session.
  app.post(
    '/devices',
    {
      schema: {
        tags: ['devices'],
        summary:
          "Pair a student's phone for push notifications with the student's pairing code, or register the student app's Web Push subscription",
        description:
          'Without a token: `{ pairingCode, fcmToken, platform }`. With a student session token: `{ platform: "web", subscription }` where subscription is the browser\'s PushSubscription.toJSON() (endpoint https on a public push service, p256dh a P-256 point, auth 16 bytes); the same endpoint again updates its device.',
        body: anyDeviceRegistrationSchema({ allowLoopback: app.push.allowLoopback }),
        response: {
          201: successEnvelope(deviceRegistrationResultSchema),
          400: failure,
          401: failure,
          429: failure,
        },
      },
      onRequest: studentIfSigned,
      preValidation: [limitUnsigned, subscriptionNeedsStudent],
    },
    async (request, reply) => {
      const body = request.body;
      if (body.kind === 'code') {
        const data = await service.registerDevice(context, body);
        return reply.code(201).send({ status: true as const, message: m.devices.registered, data });
      }
      // A pairing-code body with a student's token is read as above; a subscription needs the token.
      const student = request.student;
      if (!student) throw unauthorized(messages.auth.missingToken);
      const data = await upsertWebPushDevice(app.db, student, body.subscription);
      // The session was checked in onRequest; its student removed since is the only way here.
      if (!data) throw unauthorized(messages.auth.invalidToken);
      return reply.code(201).send({ status: true as const, message: m.devices.subscriptionRegistered, data });
    },
  );

  // The key the student app subscribes with (public: it is in every push request anyway).
  app.get(
    '/push/vapid-public-key',
    {
      schema: {
        tags: ['devices'],
        summary: "The server's VAPID public key (base64url), the applicationServerKey for Web Push subscriptions",
        response: { 200: successEnvelope(vapidPublicKeySchema) },
      },
    },
    async () => ok({ public_key: app.push.vapidPublicKey }),
  );

  app.post(
    '/user/:id/pairing-code',
    {
      config: allow('staff'),
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
      config: allow('staff'),
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
    '/user/:id/sessions/:sessionId',
    {
      config: allow('deletes'),
      schema: {
        tags: ['devices'],
        summary: 'Sign a phone out of the student app (its session, entry pass and web push end at once)',
        security,
        params: studentSessionParamsSchema,
        response: { 200: successEnvelope(z.null()), 401: failure, 404: failure },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { id, sessionId } = request.params;
      await service.revokeStudentAppSession(context, actorOf(request), id, sessionId);
      return { status: true as const, message: messages.student.unpaired, data: null };
    },
  );

  app.delete(
    '/user/:id/devices/:deviceId',
    {
      config: allow('deletes'),
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
