import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  invitationAcceptSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  passwordChangeSchema,
  personCreateSchema,
  personCreatedSchema,
  roleChangeSchema,
  sessionSchema,
  successEnvelope,
  teamActivityQuerySchema,
  teamActivitySchema,
  teamInvitationSchema,
  teamPeopleMessages as m,
  teamPersonSchema,
  teamSchema,
} from '@app/shared';
import { tooManyRequests } from '../../errors';
import { actorOf, allow } from '../../plugins/auth';
import { ok } from '../../lib/reply';
import * as service from './team.service';

export interface TeamRoutesOptions {
  sessionTtlMs: number;
  /** The origin invitation links start with (PUBLIC_URL); undefined: the request's own. */
  publicUrl: string | undefined;
  /** Joining from an invitation: attempts per address per window (as registration). */
  rateLimit: { max: number; windowMs: number };
}

// A token thief guessing the current password: five wrong tries a session per 15 minutes,
// counted together with the profile form's (the same counter).
const CURRENT_PASSWORD_TRIES = 5;
const CURRENT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;

const personParams = z.object({ id: z.uuid({ error: () => m.personNotFound }) });
const invitationParams = z.object({ id: z.uuid({ error: () => m.invitationNotFound }) });
const tokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: () => m.invitationInvalid }),
});
const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
const withId = { ...failures, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };
const owners = { tags: ['team'], security: [{ bearerAuth: [] }] };
const ownerOnly = allow('team');

function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** The owner's Team screen (issue 16): people, roles, invitations, deactivation, activity. */
const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (app, options) => {
  const context: service.TeamContext = {
    db: app.db,
    mail: { configured: () => app.mail.configured, queue: (db, mail) => app.mail.queue(mail, db) },
    sessionTtlMs: options.sessionTtlMs,
  };
  const joinLimit = app.rateLimit({ name: 'invitation', ...options.rateLimit });

  const ownerRoutes: FastifyPluginAsyncZod = async (owner) => {
    // Authentication (and the owner role) before validation: nobody else learns the bodies' rules.
    owner.addHook('onRequest', app.authenticate);

    owner.get(
      '/team',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: 'The people of the library with their roles, the open invitations, and whether mail is set up',
          response: { 200: successEnvelope(teamSchema), ...failures },
        },
      },
      async (request) => ok(await service.team(context, actorOf(request)), m.fetched),
    );

    owner.post(
      '/team/invitations',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: 'Invite someone by email (a single-use link valid 7 days); needs mail set up',
          body: invitationCreateSchema,
          response: { 201: successEnvelope(teamInvitationSchema), 409: errorEnvelopeSchema, ...failures },
        },
      },
      async (request, reply) => {
        const origin = originOf(request, options.publicUrl);
        const invitation = await service.invite(context, actorOf(request), request.body, origin);
        app.mail.kick(); // the mail was queued in the invitation's transaction, now committed
        return reply.status(201).send(ok(invitation, m.invited));
      },
    );

    owner.post(
      '/team/invitations/:id/resend',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: 'Send an open invitation again: a new link (the old one stops working), valid 7 more days',
          params: invitationParams,
          response: { 200: successEnvelope(teamInvitationSchema), ...withId },
        },
      },
      async (request) => {
        const origin = originOf(request, options.publicUrl);
        const invitation = await service.resendInvitation(context, actorOf(request), request.params.id, origin);
        app.mail.kick();
        return ok(invitation, m.resent);
      },
    );

    owner.delete(
      '/team/invitations/:id',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: 'Revoke an open invitation: its link stops working',
          params: invitationParams,
          response: { 200: successEnvelope(z.null()), ...withId },
        },
      },
      async (request) => {
        await service.revokeInvitation(context, actorOf(request), request.params.id);
        return ok(null, m.revoked);
      },
    );

    owner.post(
      '/team/people',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: 'Add someone with a one-time password, answered once (they choose their own at sign-in)',
          body: personCreateSchema,
          response: { 201: successEnvelope(personCreatedSchema), 409: errorEnvelopeSchema, ...failures },
        },
      },
      async (request, reply) => {
        const created = await service.addPerson(context, actorOf(request), request.body);
        return reply.header('cache-control', 'no-store').status(201).send(ok(created, m.personAdded));
      },
    );

    owner.patch(
      '/team/people/:id',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: "Change a person's role (the last active owner stays an owner)",
          params: personParams,
          body: roleChangeSchema,
          response: { 200: successEnvelope(teamPersonSchema), ...withId },
        },
      },
      async (request) =>
        ok(await service.changeRole(context, actorOf(request), request.params.id, request.body.role), m.roleChanged),
    );

    owner.post(
      '/team/people/:id/deactivate',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: 'Deactivate a person: they cannot sign in and their sessions end at once (not the last owner)',
          params: personParams,
          response: { 200: successEnvelope(teamPersonSchema), ...withId },
        },
      },
      async (request) => ok(await service.deactivate(context, actorOf(request), request.params.id), m.deactivated),
    );

    owner.post(
      '/team/people/:id/reactivate',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: 'Let a deactivated person sign in again',
          params: personParams,
          response: { 200: successEnvelope(teamPersonSchema), ...withId },
        },
      },
      async (request) => ok(await service.reactivate(context, actorOf(request), request.params.id), m.reactivated),
    );

    owner.get(
      '/team/activity',
      {
        config: ownerOnly,
        schema: {
          ...owners,
          summary: "The team's newest activity (the audit log), of one person or everyone",
          querystring: teamActivityQuerySchema,
          response: { 200: successEnvelope(teamActivitySchema), 404: errorEnvelopeSchema, ...failures },
        },
      },
      async (request) => ok(await service.activity(context, actorOf(request), request.query), m.activityFetched),
    );
  };
  await app.register(ownerRoutes);

  app.post(
    '/auth/change-password',
    {
      // Everyone's own password; the one route (with sign-out) open while a one-time password must be replaced.
      config: { ...allow('staff'), openBeforePasswordChange: true },
      schema: {
        tags: ['auth'],
        summary: 'Change your own password (the current one is needed); other sessions of the account end',
        security: [{ bearerAuth: [] }],
        body: passwordChangeSchema,
        response: { 200: successEnvelope(z.null()), 429: errorEnvelopeSchema, ...failures },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const actor = actorOf(request);
      const wrongTries = `profile:current-password:${actor.sessionId}`;
      if ((await app.rateCounters.read(wrongTries)) >= CURRENT_PASSWORD_TRIES) throw tooManyRequests();
      try {
        await service.changeOwnPassword(context, actor, request.body);
      } catch (error) {
        if (error instanceof service.WrongCurrentPassword) {
          await app.rateCounters.add(wrongTries, CURRENT_PASSWORD_WINDOW_MS);
        }
        throw error;
      }
      return ok(null, m.passwordChanged);
    },
  );

  const gone = { 404: errorEnvelopeSchema, 410: errorEnvelopeSchema, 429: errorEnvelopeSchema };

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags: ['team'],
        summary: 'What an invitation link offers: the library, who invites, the role (public: the token is the key)',
        params: tokenParams,
        response: { 200: successEnvelope(invitationPreviewSchema), 400: errorEnvelopeSchema, ...gone },
      },
      onRequest: joinLimit,
    },
    async (request) => ok(await service.previewInvitation(context, request.params.token)),
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags: ['team'],
        summary: 'Join the team from an invitation: set a password, and be signed in (single use)',
        params: tokenParams,
        body: invitationAcceptSchema,
        response: {
          201: successEnvelope(sessionSchema),
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          ...gone,
        },
      },
      onRequest: joinLimit,
    },
    async (request, reply) => {
      const session = await service.acceptInvitation(context, request.params.token, request.body, request.ip);
      return reply.header('cache-control', 'no-store').status(201).send(ok(session, m.joined));
    },
  );
};

export default teamRoutes;
