import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  forgotPasswordSchema,
  mailStatusSchema,
  resetPasswordSchema,
  successEnvelope,
  passwordResetMessages,
} from '@app/shared';
import { z } from 'zod';
import { AppError } from '../../errors';
import { hashToken } from '../../lib/tokens';
import * as service from './password-reset.service';

export interface PasswordResetRoutesOptions {
  /** Requests per address per window (AUTH_RATE_LIMIT_*), as for sign-in. */
  rateLimit: { max: number; windowMs: number };
  /** The origin links start with (PUBLIC_URL); undefined: the request's own. */
  publicUrl: string | undefined;
  /** The clock of link expiry: tests set it. */
  now: () => number;
}

const m = passwordResetMessages;
/** Reset mails one account may be sent per window, whoever asks: more requests answer the same, sending nothing. */
const MAILS_PER_ACCOUNT = 3;

function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Password recovery (issue 16): public routes. The forgot form always answers the same
 * (whether the email has an account is nobody's business); the link goes out by the mail outbox.
 */
const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (app, options) => {
  const { max, windowMs } = options.rateLimit;
  const failures = { 400: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };

  app.get(
    '/auth/mail-status',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether this server sends email (password reset links, invitations)',
        response: { 200: successEnvelope(mailStatusSchema) },
      },
    },
    async () => ({ status: true as const, message: 'OK', data: { configured: app.mail.configured } }),
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use link (30 minutes) to set a new password; answers the same for any email',
        body: forgotPasswordSchema,
        response: { 200: successEnvelope(z.null()), ...failures },
      },
      // Every request counts against the address, before validation (as sign-in's failures do).
      preValidation: app.rateLimit({ name: 'forgot-password', max, windowMs }),
    },
    async (request) => {
      // A setting of this server, not a passing fault (no 503, which asks to try again): the screen says so.
      if (!app.mail.configured) throw new AppError(409, m.mailNotConfigured);
      const { email } = request.body;
      // However many addresses ask, one account gets a few mails per window.
      const { hits } = await app.rateCounters.add(`forgot-password:account:${hashToken(email)}`, windowMs);
      if (hits <= MAILS_PER_ACCOUNT) {
        // After the answer, so a known email answers as fast as an unknown one.
        const origin = originOf(request, options.publicUrl);
        setImmediate(() => {
          service
            .requestReset({ db: app.db, appSecret: app.appSecret }, email, origin, options.now())
            .then((queued) => queued && app.mail.kick())
            .catch((error: unknown) => request.log.error({ err: error }, 'password reset: link not made'));
        });
      }
      return { status: true as const, message: m.sent, data: null };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link; every session of the account ends',
        body: resetPasswordSchema,
        response: { 200: successEnvelope(z.null()), ...failures },
      },
      preValidation: app.rateLimit({ name: 'reset-password', max, windowMs }),
    },
    async (request) => {
      const message = await service.resetPassword(app.db, request.body, request.ip, options.now());
      return { status: true as const, message, data: null };
    },
  );
};

export default passwordResetRoutes;
