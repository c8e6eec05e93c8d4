import { z } from 'zod';
import { languageSchema } from '../i18n/language.schema';
import { studentSessionMessages } from './student.messages';
import { paginationSchema } from '../common/envelope';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH, normalizePairingCode } from '../notifications/devices.schema';
import { PAYMENT_MODES } from '../subscriptions/subscriptions.schema';
import { listQuerySchema } from '../common/list-query';

const m = studentSessionMessages;
const codePattern = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

/** `POST /api/student/session` body: the student's pairing code, as typed or carried by the link. */
export const studentSessionCreateSchema = z.object({
  pairing_code: z
    .string({ error: () => m.codeRequired })
    .max(40, { error: () => m.codeInvalid })
    .transform(normalizePairingCode)
    .pipe(
      z
        .string()
        .min(1, { error: () => m.codeRequired, abort: true })
        .regex(codePattern, { error: () => m.codeInvalid }),
    ),
});
export type StudentSessionCreateInput = z.input<typeof studentSessionCreateSchema>;

/** What `POST /api/student/session` answers: the token (shown once) and the entry pass's key. */
export const studentSessionResultSchema = z.object({
  /** Bearer token of the student session; only its hash is kept. */
  token: z.string(),
  session_id: z.string(),
  student: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    /** Issue 20: the student's chosen language, null until chosen (the phone's choice applies). */
    language: languageSchema.nullable(),
  }),
  library: z.object({ id: z.string(), name: z.string() }),
  /** Key of the entry pass's HMAC (base64url, 32 bytes), for `makePassCode` on the phone. */
  pass_key: z.string(),
  /** The server's clock (ISO 8601), so the phone can correct its own for the pass. */
  server_time: z.string(),
});
export type StudentSessionResult = z.infer<typeof studentSessionResultSchema>;

export const MEMBERSHIP_STATUSES = ['active', 'upcoming', 'expired'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** One plan of the student, as the student app shows it. */
export const studentMembershipSchema = z.object({
  subscription_id: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** A reserved seat (`seat_name` set) or "any free seat" (`seat_name` null). */
  is_reserved: z.boolean(),
  seat_name: z.string().nullable(),
  /** The reserved seat's area; null for "any free seat" (such plans name no area). */
  area_name: z.string().nullable(),
  /** Daily window, `HH:MM:SS` in the library's time zone. */
  start_time: z.string(),
  end_time: z.string(),
  joining_date: z.string(),
  plan_expires_at: z.string(),
  duration: z.number().int(),
  /**
   * Days of the plan left from the library's today, today included (0 once expired); for an
   * upcoming plan, its whole length.
   */
  days_left: z.number().int(),
  /** What is still owed on the plan (agreed prices minus payments). */
  balance: z.number(),
});
export type StudentMembership = z.infer<typeof studentMembershipSchema>;

/** The library as the student reaches it. */
export const studentLibrarySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string(),
  /** The number for WhatsApp (the library's mobile when it can take WhatsApp), else null. */
  whatsapp: z.string().nullable(),
  /** `https://wa.me/91…` for that number, else null. */
  whatsapp_link: z.string().nullable(),
  upi_id: z.string().nullable(),
  time_zone: z.string(),
  /** The library's date today (`YYYY-MM-DD`), which `days_left` counts from. */
  today: z.string(),
  /** Issue 19: the privacy notice the student agreed to (the library's current one). */
  privacy_notice: z.string(),
});
export type StudentLibrary = z.infer<typeof studentLibrarySchema>;

/** `GET /api/student/me`. */
export const studentMeSchema = z.object({
  student: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    mobile: z.string(),
    /** Issue 20: the student's chosen language, null until chosen. */
    language: languageSchema.nullable(),
  }),
  library: studentLibrarySchema,
  /** Current and upcoming plans, soonest first; the last expired one when none is current or upcoming. */
  memberships: z.array(studentMembershipSchema),
  server_time: z.string(),
});
export type StudentMe = z.infer<typeof studentMeSchema>;

/** One payment of the student's, newest first. */
export const studentPaymentSchema = z.object({
  id: z.string(),
  subscription_id: z.string(),
  /** When it was recorded (ISO 8601). */
  paid_at: z.string(),
  amount: z.number(),
  mode: z.enum(PAYMENT_MODES),
  receipt_no: z.string().nullable(),
  kind: z.enum(['new', 'renewal', 'balance', 'adjustment']),
  /** Set when the payment was voided (it counts for nothing). */
  voided: z.boolean(),
});
export type StudentPayment = z.infer<typeof studentPaymentSchema>;

/** A plan with something still owed on it. */
export const studentDueSchema = z.object({
  subscription_id: z.string(),
  plan_expires_at: z.string(),
  amount: z.number(),
  /** The `upi://pay` link for `amount`; null while the library has no UPI ID. */
  upi_link: z.string().nullable(),
});
export type StudentDue = z.infer<typeof studentDueSchema>;

/** `GET /api/student/payments`. */
export const studentPaymentsSchema = z.object({
  payments: z.array(studentPaymentSchema),
  dues: z.array(studentDueSchema),
  /** Sum of the dues. */
  total_due: z.number(),
});
export type StudentPayments = z.infer<typeof studentPaymentsSchema>;

/** `GET /api/student/notifications` query: page and limit as every list takes them, newest first. */
export const studentInboxQuerySchema = listQuerySchema({
  sortKeys: ['sent_at'],
  defaultSortBy: 'sent_at',
  defaultSortOrder: 'DESC',
}).pick({ page: true, limit: true });
export type StudentInboxQuery = z.input<typeof studentInboxQuerySchema>;

/** One notification in the student's inbox. */
export const studentInboxItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  sent_at: z.string(),
  read: z.boolean(),
  read_at: z.string().nullable(),
});
export type StudentInboxItem = z.infer<typeof studentInboxItemSchema>;

export const studentInboxSchema = z.object({
  notifications: z.array(studentInboxItemSchema),
  unread_count: z.number().int(),
  pagination: paginationSchema,
});
export type StudentInbox = z.infer<typeof studentInboxSchema>;

/** `{ id }` of a notification in the inbox calls; an id that is not a UUID is simply not found. */
export const studentInboxParamsSchema = z.object({ id: z.string().max(100) });

/** What the read calls answer: the unread count after. */
export const studentInboxReadResultSchema = z.object({ unread_count: z.number().int() });

/** `GET /api/student/pass-key`. */
export const studentPassKeySchema = z.object({ pass_key: z.string(), server_time: z.string() });
export type StudentPassKey = z.infer<typeof studentPassKeySchema>;

/** `DELETE /api/user/{id}/sessions/{sessionId}` params. */
export const studentSessionParamsSchema = z.object({ id: z.string().max(100), sessionId: z.string().max(100) });
