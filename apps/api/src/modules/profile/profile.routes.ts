import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  messages,
  profileUpdateResultSchema,
  profileUpdateSchema,
  successTextEnvelope,
} from '@app/shared';
import { requireAuth } from '../../plugins/auth';
import * as service from './profile.service';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/update-admin-profile',
    {
      schema: {
        tags: ['profile'],
        summary: "Update the signed-in admin's name, email, phone and password",
        security: [{ bearerAuth: [] }],
        body: profileUpdateSchema,
        response: {
          200: successTextEnvelope(profileUpdateResultSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const auth = requireAuth(request);
      const admin = await service.updateProfile(app.db, { ...auth, ip: request.ip }, request.body);
      return { status: 'success' as const, message: messages.profile.updated, data: { admin } };
    },
  );
};

export default profileRoutes;
