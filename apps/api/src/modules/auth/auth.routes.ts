import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSchema,
  errorEnvelopeSchema,
  languageChoiceSchema,
  languageMessages,
  loginSchema,
  messages,
  registrationSchema,
  sessionSchema,
  successEnvelope,
} from '@app/shared';
import { AppError } from '../../errors';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './auth.service';
import { createLoginThrottle } from './login-throttle';
import { ok } from '../../lib/reply';

export interface AuthRoutesOptions {
  sessionTtlMs: number;
  /** Registration: attempts per address per window. Sign-in: failures (see login-throttle). */
  rateLimit: { max: number; windowMs: number; slowdownMaxMs: number };
}

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 429: errorEnvelopeSchema };

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const context: service.SignInContext = { db: app.db, sessionTtlMs: options.sessionTtlMs };
  const { max, windowMs, slowdownMaxMs } = options.rateLimit;
  const loginThrottle = createLoginThrottle(app, { max, windowMs, slowdownMaxMs });

  app.post(
    '/auth/register/library',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a library and its owner admin, and sign the owner in',
        body: registrationSchema,
        response: { 201: successEnvelope(sessionSchema), 409: errorEnvelopeSchema, ...failures },
      },
      preValidation: app.rateLimit({ name: 'register', max, windowMs }),
    },
    async (request, reply) => {
      const session = await service.registerLibrary(context, request.body, request.ip);
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
      // Before validation, so malformed attempts count against the address too.
      preValidation: loginThrottle.addressGate,
    },
    async (request) => {
      const { identifier } = request.body;
      await loginThrottle.slowDown(identifier);
      let session;
      try {
        session = await service.login(context, request.body, request.ip);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) await loginThrottle.failed(identifier);
        throw error;
      }
      await loginThrottle.succeeded(request, identifier);
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
      // Open while a one-time password must be replaced (plugins/auth).
      config: { ...allow('staff'), openBeforePasswordChange: true },
      onRequest: app.authenticate,
    },
    async (request) => {
      await service.logout(context, actorOf(request));
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
      // Open while a one-time password must be replaced (plugins/auth).
      config: { ...allow('staff'), openBeforePasswordChange: true },
      onRequest: app.authenticate,
    },
    async (request) => {
      const admin = await service.currentAdmin(context, actorOf(request));
      return ok(admin);
    },
  );

  app.put(
    '/auth/language',
    {
      schema: {
        tags: ['auth'],
        summary: "Keep the signed-in person's language (issue 20): every device they sign in on uses it",
        security: [{ bearerAuth: [] }],
        body: languageChoiceSchema,
        response: { 200: successEnvelope(languageChoiceSchema), 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
      },
      // Any role, and before a one-time password is replaced: the language is read on that screen too.
      config: { ...allow('staff'), openBeforePasswordChange: true },
      onRequest: app.authenticate,
    },
    async (request) => {
      const language = await service.setLanguage(context, actorOf(request), request.body.language);
      return ok({ language }, languageMessages.saved);
    },
  );
};

export default authRoutes;
