import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  messages,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationSendResultSchema,
  successEnvelope,
  successTextEnvelope,
} from '@app/shared';
import { actorOf, allow } from '../../plugins/auth';
import * as service from './notifications.service';
import { ok } from '../../lib/reply';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Authentication comes before validation: an anonymous caller learns nothing about the inputs.
  app.addHook('onRequest', app.authenticate);
  const context: service.NotificationsContext = { db: app.db, push: app.push };

  app.post(
    '/admin/sendFCMNotificationToAllUsers',
    {
      config: allow('notifications.send'),
      schema: {
        tags: ['notifications'],
        summary: "Send a push notification to the library's students (or only the premium ones)",
        description:
          'Stores the notification, resolves its audience and queues one delivery per paired device; an in-process worker delivers them (Web Push subscriptions of the student app signed with the server VAPID keys, app tokens through FCM). `deliverable` is false when some devices are app tokens and no FCM credentials are configured: those are stored as failed, not delivered.',
        security,
        body: notificationSchema,
        response: { 201: successTextEnvelope(notificationSendResultSchema), ...failures },
      },
    },
    async (request, reply) => {
      const { message, data } = await service.sendNotification(context, actorOf(request), request.body);
      return reply.code(201).send({ status: 'success' as const, message, data });
    },
  );

  app.get(
    '/admin/notifications',
    {
      config: allow('staff'),
      schema: {
        tags: ['notifications'],
        summary: 'Notifications sent, newest first, with their audience and delivery counts',
        security,
        querystring: notificationListQuerySchema,
        response: { 200: successEnvelope(notificationListSchema), ...failures },
      },
    },
    async (request) =>
      ok(
        await service.listNotifications(context, actorOf(request), request.query),
        messages.notification.history.listed,
      ),
  );
};

export default notificationRoutes;
