import type { z } from 'zod';
import {
  messages,
  paginate,
  type NotificationRecord,
  type NotificationSendResult,
  type notificationListQuerySchema,
  type NotificationPayload,
} from '@app/shared';
import type { Actor, ServiceContext } from '../../lib/service-context';
import type { PushHandle } from '../../plugins/push';
import * as repository from './notifications.repository';

const n = messages.notification;

/** The notification calls run on the database and hand deliveries to the push worker. */
export interface NotificationsContext extends ServiceContext {
  push: PushHandle;
}

export function present(row: repository.NotificationRow): NotificationRecord {
  return {
    ...row,
    pending_count: Math.max(0, row.device_count - row.delivered_count - row.failed_count),
  };
}

/**
 * Sends a notification: stored with its audience, one delivery queued per paired
 * device, and the worker woken. The answer says when nothing could be delivered.
 */
export async function sendNotification(
  context: NotificationsContext,
  actor: Actor,
  input: NotificationPayload,
): Promise<{ message: string; data: NotificationSendResult }> {
  const { push } = context;
  const row = await repository.createNotification(context.db, actor.libraryId, actor.adminId, input, {
    fcm: push.fcm,
    webPush: push.active,
    failReason: n.noProviderReason,
  });
  const notification = present(row);
  const audience = notification.audience_count;
  const devices = notification.device_count;
  // Failed already: app tokens without FCM credentials (Web Push subscriptions are always sent).
  const undeliverable = notification.failed_count;
  const queued = devices - undeliverable;
  if (queued > 0) push.kick();
  // No phone at all is what the owner can act on, so it is said first.
  const message =
    devices === 0
      ? n.noDevices(audience)
      : undeliverable === 0
        ? n.queued(devices, audience)
        : queued === 0
          ? n.noProvider
          : n.queuedSome(queued, devices, audience);
  return { message, data: { notification, audience, devices, deliverable: undeliverable === 0 } };
}

export async function listNotifications(
  context: NotificationsContext,
  actor: Actor,
  query: z.output<typeof notificationListQuerySchema>,
) {
  const { rows, total } = await repository.listNotifications(context.db, actor.libraryId, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
    ascending: query.sortOrder === 'ASC',
  });
  return { notifications: rows.map(present), pagination: paginate(query.page, query.limit, total) };
}
