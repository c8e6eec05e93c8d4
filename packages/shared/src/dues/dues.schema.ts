import { z } from 'zod';
import { paginationSchema } from '../common/envelope';
import { listQuerySchema } from '../common/list-query';
import { duesMessages as m } from './dues.messages';

export const DUE_GROUPS = ['expiring', 'expired', 'unpaid'] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];
export const DUE_SORT_KEYS = ['name', 'plan_expires_at', 'amount_due', 'last_reminded_at'] as const;
export const REMINDER_CHANNELS = ['whatsapp', 'sms', 'push'] as const;
/** Channels a person records from the dues screen; push reminders are sent by the server. */
export const MANUAL_REMINDER_CHANNELS = ['whatsapp', 'sms'] as const;

/** `GET /api/dues` and `/api/dues/export` query. */
export const dueListQuerySchema = listQuerySchema({
  sortKeys: DUE_SORT_KEYS,
  defaultSortBy: 'plan_expires_at',
}).extend({
  group: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(DUE_GROUPS, { error: () => m.groupInvalid }).default('expiring'),
  ),
});
export type DueListQuery = z.input<typeof dueListQuerySchema>;

/** One due: a subscription in a group, what is owed on it and the last reminder. */
export const dueRecordSchema = z.object({
  subscription_id: z.string(),
  student_id: z.string(),
  group: z.enum(DUE_GROUPS),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  is_reserved: z.boolean(),
  seat_name: z.string().nullable(),
  area_name: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  plan_expires_at: z.string(),
  duration: z.number().int(),
  /** Unpaid part of what was agreed so far. */
  balance: z.number(),
  /** The next period's price (price list, else the last agreed price); 0 in the unpaid group. */
  renewal_price: z.number(),
  amount_due: z.number(),
  last_reminded_at: z.string().nullable(),
  last_reminder_channel: z.enum(REMINDER_CHANNELS).nullable(),
  last_reminder_by: z.string().nullable(),
  /** `tr` of this due's UPI link. */
  upi_reference: z.string(),
  /** The `upi://pay` link for `amount_due`; null until settings hold a UPI ID. */
  upi_link: z.string().nullable(),
  /** The reminder from the library's template, ready to send. */
  reminder_text: z.string(),
  /** Whether the student has a paired phone (push reminders reach it). */
  has_device: z.boolean(),
});
export type DueRecord = z.infer<typeof dueRecordSchema>;

const groupTotal = z.object({ count: z.number().int(), amount: z.number() });

/** Counts and totals per group, the whole outstanding amount and whether reminders worked. */
export const duesSummarySchema = z.object({
  expiring: groupTotal,
  expired: groupTotal,
  unpaid: groupTotal,
  /** Every subscription with something due, counted once, with its largest amount due. */
  outstanding: groupTotal,
  /** Dues first reminded in the last 30 days, and those paid within 7 days of that reminder. */
  reminders: z.object({ reminded: z.number().int(), paid: z.number().int(), amount: z.number() }),
  expiring_days: z.number().int(),
  grace_days: z.number().int(),
});
export type DuesSummary = z.infer<typeof duesSummarySchema>;

export const dueListSchema = z.object({
  dues: z.array(dueRecordSchema),
  pagination: paginationSchema,
  summary: duesSummarySchema,
});
export type DueList = z.infer<typeof dueListSchema>;

/** `POST /api/dues/{subscriptionId}/reminders` body. */
export const reminderCreateSchema = z.object({
  group: z.enum(DUE_GROUPS, { error: () => m.groupInvalid }),
  channel: z.enum(MANUAL_REMINDER_CHANNELS, { error: () => m.channelInvalid }),
});

export const reminderRecordSchema = z.object({
  id: z.string(),
  subscription_id: z.string(),
  group: z.enum(DUE_GROUPS),
  channel: z.enum(REMINDER_CHANNELS),
  amount: z.number(),
  sent_at: z.string(),
  sent_by: z.string().nullable(),
  sent_by_name: z.string().nullable(),
});
export type ReminderRecord = z.infer<typeof reminderRecordSchema>;
