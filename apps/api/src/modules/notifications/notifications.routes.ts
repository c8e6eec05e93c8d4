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
import { actorOf } from '../../plugins/auth';
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
      schema: {
        tags: ['notifications'],
        summary: "Send a push notification to the library's students (or only the premium ones)",
        description:
          'Stores the notification, resolves its audience and queues one delivery per paired device; an in-process worker delivers them through FCM. `deliverable` is false when no push provider is configured: the notification is then stored but not delivered.',
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
