import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  messages,
  profileUpdateResultSchema,
  profileUpdateSchema,
  successTextEnvelope,
} from '@app/shared';
import { tooManyRequests } from '../../errors';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './profile.service';

// A token thief guessing the current password: five wrong tries a session per 15 minutes.
const CURRENT_PASSWORD_TRIES = 5;
const CURRENT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: service.ProfileContext = { db: app.db };
  app.put(
    '/admin/update-admin-profile',
    {
      config: allow('staff'),
      schema: {
        tags: ['profile'],
        summary:
          "Update the signed-in admin's name, email, phone and password (email or password changes need currentPassword)",
        security: [{ bearerAuth: [] }],
        body: profileUpdateSchema,
        response: {
          200: successTextEnvelope(profileUpdateResultSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const actor = actorOf(request);
      const wrongTries = `profile:current-password:${actor.sessionId}`;
      if ((await app.rateCounters.read(wrongTries)) >= CURRENT_PASSWORD_TRIES) throw tooManyRequests();
      let admin;
      try {
        admin = await service.updateProfile(context, actor, request.body);
      } catch (error) {
        if (error instanceof service.WrongCurrentPassword) {
          await app.rateCounters.add(wrongTries, CURRENT_PASSWORD_WINDOW_MS);
        }
        throw error;
      }
      return { status: 'success' as const, message: messages.profile.updated, data: { admin } };
    },
  );
};

export default profileRoutes;
