import { z } from 'zod';
import { notificationMessages } from './notifications.messages';
import { requiredText } from '../common/fields';
import { paginationSchema } from '../common/envelope';
import { listQuerySchema } from '../common/list-query';

const n = notificationMessages;

/**
 * Title and body limits: FCM refuses a message over 4 KB, and 120 + 1000 characters stay
 * under it even in Devanagari (three bytes a character).
 */
export const NOTIFICATION_LIMITS = { titleMax: 120, bodyMax: 1000 } as const;

/** Send Push Notification form and `POST /admin/sendFCMNotificationToAllUsers` body (SPEC.md §5 Notification). */
// PostgreSQL text cannot hold NUL, and no push message needs one.
const withoutNul = (schema: z.ZodType<string>) =>
  schema.refine((text) => !text.includes('\u0000'), { error: () => n.invalidCharacter });

export const notificationSchema = z.object({
  title: withoutNul(requiredText(() => n.titleRequired, NOTIFICATION_LIMITS.titleMax)),
  body: withoutNul(requiredText(() => n.bodyRequired, NOTIFICATION_LIMITS.bodyMax)),
  premiumOnly: z.boolean({ error: () => n.premiumOnlyInvalid }).default(false),
});
export type NotificationInput = z.input<typeof notificationSchema>;
export type NotificationPayload = z.output<typeof notificationSchema>;

/** A sent notification as the history lists it. */
export const notificationRecordSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  premium_only: z.boolean(),
  /** Students it was meant for when it was sent. */
  audience_count: z.number().int(),
  /** Their paired devices a delivery was queued for. */
  device_count: z.number().int(),
  delivered_count: z.number().int(),
  failed_count: z.number().int(),
  /** Deliveries still queued or being retried. */
  pending_count: z.number().int(),
  sent_by: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationRecord = z.infer<typeof notificationRecordSchema>;

/** What the send call answers in `data`. `deliverable` is false when no push provider is configured. */
export const notificationSendResultSchema = z.object({
  notification: notificationRecordSchema,
  audience: z.number().int(),
  devices: z.number().int(),
  deliverable: z.boolean(),
});
export type NotificationSendResult = z.infer<typeof notificationSendResultSchema>;

export const NOTIFICATION_SORT_KEYS = ['created_at'] as const;

/** `GET /admin/notifications` query: newest first. */
export const notificationListQuerySchema = listQuerySchema({
  sortKeys: NOTIFICATION_SORT_KEYS,
  defaultSortBy: 'created_at',
  defaultSortOrder: 'DESC',
}).omit({ search: true });
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationRecordSchema),
  pagination: paginationSchema,
});
export type NotificationPage = z.infer<typeof notificationListSchema>;
