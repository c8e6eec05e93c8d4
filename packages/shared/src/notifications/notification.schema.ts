import { z } from 'zod';
import { messages } from '../messages';
import { requiredText } from '../common/fields';

const n = messages.notification;

/** Send Push Notification form and `POST /admin/sendFCMNotificationToAllUsers` body (SPEC.md §5 Notification). */
export const notificationSchema = z.object({
  title: requiredText(n.titleRequired, 120),
  body: requiredText(n.bodyRequired, 1000),
  premiumOnly: z.boolean().default(false),
});
export type NotificationInput = z.input<typeof notificationSchema>;
export type NotificationPayload = z.output<typeof notificationSchema>;
