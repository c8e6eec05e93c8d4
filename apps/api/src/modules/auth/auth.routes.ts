import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSchema,
  errorEnvelopeSchema,
  loginSchema,
  messages,
  registrationSchema,
  sessionSchema,
  successEnvelope,
} from '@app/shared';
import { requireAuth } from '../../plugins/auth';
import * as service from './auth.service';

export interface AuthRoutesOptions {
  sessionTtlMs: number;
  rateLimit: { max: number; windowMs: number };
}

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 429: errorEnvelopeSchema };

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { sessionTtlMs } = options;

  app.post(
    '/auth/register/library',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a library and its owner admin, and sign the owner in',
        body: registrationSchema,
        response: { 201: successEnvelope(sessionSchema), 409: errorEnvelopeSchema, ...failures },
      },
      preValidation: app.rateLimit({ name: 'register', ...options.rateLimit }),
    },
    async (request, reply) => {
      const session = await service.registerLibrary(app.db, request.body, sessionTtlMs, request.ip);
      return reply.status(201).send({ status: true, message: messages.auth.registered, data: session });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the owner email and password',
        body: loginSchema,
        response: { 200: successEnvelope(sessionSchema), ...failures },
      },
      preValidation: app.rateLimit({
        name: 'login',
        ...options.rateLimit,
        extraKeys: (request) => {
          const identifier = (request.body as { identifier?: unknown } | undefined)?.identifier;
          return typeof identifier === 'string' ? [`account:${identifier.trim().toLowerCase()}`] : [];
        },
      }),
    },
    async (request) => {
      const session = await service.login(app.db, request.body, sessionTtlMs, request.ip);
      return { status: true as const, message: messages.auth.loggedIn, data: session };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current session',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(z.null()), 401: errorEnvelopeSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.logout(app.db, auth, request.ip);
      return { status: true as const, message: messages.auth.loggedOut, data: null };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in admin',
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(adminSchema), 401: errorEnvelopeSchema },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const auth = requireAuth(request);
      const admin = await service.currentAdmin(app.db, auth.libraryId, auth.adminId);
      return { status: true as const, message: 'OK', data: admin };
    },
  );
};

export default authRoutes;
