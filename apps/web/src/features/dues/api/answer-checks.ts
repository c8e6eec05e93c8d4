import { DUE_GROUPS, REMINDER_CHANNELS } from '@app/shared';
import { arrayOf, boolean, int, nullable, number, object, oneOf, pagination, string } from '@/lib/answer-checks';

// The dues screen's answers checked by hand (lib/answer-checks.ts): the same answers as the shared
// dueListSchema's and reminderRecordSchema's `safeParse(...).success`, which answer-checks.test.ts
// checks, so that the screen's first paint carries no zod (issue 18).

const groupTotal = object({ count: int, amount: number });

export const isDueList = object({
  dues: arrayOf(
    object({
      subscription_id: string,
      student_id: string,
      group: oneOf(DUE_GROUPS),
      first_name: string,
      last_name: nullable(string),
      mobile: string,
      is_reserved: boolean,
      seat_name: nullable(string),
      area_name: nullable(string),
      start_time: string,
      end_time: string,
      plan_expires_at: string,
      duration: int,
      balance: number,
      renewal_price: number,
      amount_due: number,
      last_reminded_at: nullable(string),
      last_reminder_channel: nullable(oneOf(REMINDER_CHANNELS)),
      last_reminder_by: nullable(string),
      upi_reference: string,
      upi_link: nullable(string),
      reminder_text: string,
      has_device: boolean,
    }),
  ),
  pagination,
  summary: object({
    expiring: groupTotal,
    expired: groupTotal,
    unpaid: groupTotal,
    outstanding: groupTotal,
    reminders: object({ reminded: int, paid: int, amount: number }),
    expiring_days: int,
    grace_days: int,
  }),
});

export const isReminderRecord = object({
  id: string,
  subscription_id: string,
  group: oneOf(DUE_GROUPS),
  channel: oneOf(REMINDER_CHANNELS),
  amount: number,
  sent_at: string,
  sent_by: nullable(string),
  sent_by_name: nullable(string),
});
