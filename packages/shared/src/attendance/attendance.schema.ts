import { z } from 'zod';
import { isCalendarDate, MOBILE_PATTERN } from '../common/fields';
import { attendanceMessages as m } from './attendance.messages';

/**
 * Check-in and attendance (issue 15). Times of day are `HH:mm:ss`, days `YYYY-MM-DD` in the
 * library's time zone, instants ISO 8601 in UTC.
 */

/** A second scan of the same student within this many seconds is ignored; the next one checks them out. */
export const CHECKIN_IGNORE_SECONDS = 60;
export const DEFAULT_CHECKIN_EARLY_MINUTES = 15;
export const MAX_CHECKIN_EARLY_MINUTES = 120;
export const DEFAULT_NOT_SEEN_DAYS = 3;
export const MAX_NOT_SEEN_DAYS = 365;
/** Longest text accepted as a code (a pass is 41 characters, a card 39): anything longer is not ours. */
export const MAX_CODE_LENGTH = 200;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * `POST /api/attendance/check` body: a scanned code, or a mobile number typed at the desk
 * (spaces, dashes and a leading +91 or 0 are dropped). Exactly one of the two.
 */
export const attendanceCheckInputSchema = z
  .object({
    code: z.preprocess(
      blankToUndefined,
      z
        .string({ error: () => m.codeInvalid })
        .trim()
        .max(MAX_CODE_LENGTH, { error: () => m.codeInvalid })
        .optional(),
    ),
    mobile: z.preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        const digits = value.replace(/[\s()-]/g, '');
        if (digits === '') return undefined;
        return digits.replace(/^(\+91|0091|0)(?=\d{10}$)/, '');
      },
      z
        .string({ error: () => m.mobileInvalid })
        .regex(MOBILE_PATTERN, { error: () => m.mobileInvalid })
        .optional(),
    ),
  })
  .superRefine((input, context) => {
    if (input.code === undefined && input.mobile === undefined) {
      context.addIssue({ code: 'custom', path: ['code'], message: m.codeOrMobileRequired });
    } else if (input.code !== undefined && input.mobile !== undefined) {
      context.addIssue({ code: 'custom', path: ['code'], message: m.codeOrMobileNotBoth });
    }
  });
export type AttendanceCheckInput = z.input<typeof attendanceCheckInputSchema>;

export const CHECK_OUTCOMES = ['in', 'out', 'ignored', 'denied'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

/** Why the desk refused: the code's own problems first, then the membership's. */
export const CHECK_DENIALS = [
  'forged',
  'revoked',
  'card_revoked',
  'stale',
  'replayed',
  'other_library',
  'unknown_mobile',
  'no_plan',
  'not_started',
  'expired',
  'outside_window',
  'unpaid',
] as const;
export type CheckDenial = (typeof CHECK_DENIALS)[number];

export const CHECK_METHODS = ['pass', 'card', 'mobile'] as const;
export type CheckMethod = (typeof CHECK_METHODS)[number];

const studentBriefSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  /** A signed link to the profile thumbnail, for the desk to compare faces; null without a photo. */
  photo_url: z.string().nullable(),
});

/** The plan a check-in was judged by. */
const checkPlanSchema = z.object({
  id: z.string(),
  seat_id: z.string().nullable(),
  seat_name: z.string().nullable(),
  area_name: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  joining_date: z.string(),
  plan_expires_at: z.string(),
});

export const visitSchema = z.object({
  id: z.string(),
  day: z.string(),
  checked_in_at: z.string(),
  checked_out_at: z.string().nullable(),
  method: z.enum(CHECK_METHODS),
});
export type Visit = z.infer<typeof visitSchema>;

/** `POST /api/attendance/check` answer (200 for every outcome: a denial is an answer, not an error). */
export const attendanceCheckResultSchema = z.object({
  outcome: z.enum(CHECK_OUTCOMES),
  reason: z.enum(CHECK_DENIALS).optional(),
  message: z.string(),
  /** Absent when the code names no student of this library. */
  student: studentBriefSchema.optional(),
  subscription: checkPlanSchema.optional(),
  visit: visitSchema.optional(),
  /** The student's unpaid balance (all plans), when known. */
  balance: z.number().optional(),
  /** The server's time of the answer. */
  at: z.string(),
});
export type AttendanceCheckResult = z.infer<typeof attendanceCheckResultSchema>;

/** `?date=YYYY-MM-DD` (default the library's today). */
export const attendanceDayQuerySchema = z.object({
  date: z.preprocess(
    blankToUndefined,
    z
      .string({ error: () => m.dateInvalid })
      .refine(isCalendarDate, { error: () => m.dateInvalid })
      .optional(),
  ),
});

export const MONTH_QUERY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `?month=YYYY-MM` (default the library's current month). */
export const attendanceMonthQuerySchema = z.object({
  month: z.preprocess(
    blankToUndefined,
    z
      .string({ error: () => m.monthInvalid })
      .regex(MONTH_QUERY_PATTERN, { error: () => m.monthInvalid })
      .optional(),
  ),
});

/** `?days=N` of the not-seen list (default 3, 1–365). */
export const notSeenQuerySchema = z.object({
  days: z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' && /^\d+$/.test(blank.trim()) ? Number(blank.trim()) : blank;
    },
    z
      .number({ error: () => m.daysInvalid })
      .int({ error: () => m.daysInvalid })
      .min(1, { error: () => m.daysInvalid })
      .max(MAX_NOT_SEEN_DAYS, { error: () => m.daysInvalid })
      .default(DEFAULT_NOT_SEEN_DAYS),
  ),
});

/** One visit of a day's list: who, in, out, their window and seat. */
export const dayVisitSchema = visitSchema.extend({
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  /** The window and seat of the plan the visit was let in by (null when that plan was deleted). */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  seat_id: z.string().nullable(),
  seat_name: z.string().nullable(),
  area_name: z.string().nullable(),
});
export type DayVisit = z.infer<typeof dayVisitSchema>;

/** `GET /api/attendance/day`: one library day's visits, earliest first. */
export const attendanceDaySchema = z.object({
  date: z.string(),
  today: z.string(),
  /** Distinct students who came that day. */
  present: z.number().int(),
  /** Visits still open (on the library's today: inside now). */
  inside: z.number().int(),
  visits: z.array(dayVisitSchema),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;

/** `GET /api/attendance/inside`: who is inside now (open visits), for the dashboard and the seats screen. */
export const insideNowSchema = z.object({
  count: z.number().int(),
  visits: z.array(dayVisitSchema),
});
export type InsideNow = z.infer<typeof insideNowSchema>;

/** `GET /api/attendance/student/{id}?month=`: one student's visits in a month and the last 12 months' days present. */
export const studentAttendanceSchema = z.object({
  student: studentBriefSchema.omit({ photo_url: true }),
  month: z.string(),
  days_present: z.number().int(),
  visits: z.array(visitSchema),
  months: z.array(z.object({ month: z.string(), days_present: z.number().int() })),
  last_seen: z.string().nullable(),
});
export type StudentAttendance = z.infer<typeof studentAttendanceSchema>;

/** `GET /api/attendance/monthly?month=`: every student with a plan in the month or a visit, days present. */
export const monthlyAttendanceRowSchema = z.object({
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  days_present: z.number().int(),
  /** Days of the month (up to the library's today) on which the student had a plan. */
  plan_days: z.number().int(),
  last_seen: z.string().nullable(),
});
export const monthlyAttendanceSchema = z.object({
  month: z.string(),
  days: z.number().int(),
  students: z.array(monthlyAttendanceRowSchema),
});
export type MonthlyAttendance = z.infer<typeof monthlyAttendanceSchema>;

/** `GET /api/attendance/not-seen?days=N`: students with a plan active today not seen for N days or more. */
export const notSeenRowSchema = z.object({
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  /** The last day they came; null: never since they joined. */
  last_seen: z.string().nullable(),
  /** Days since the last visit (or since the day before their first plan began). */
  days_absent: z.number().int(),
  plan_expires_at: z.string(),
  start_time: z.string(),
  end_time: z.string(),
});
export const notSeenSchema = z.object({
  days: z.number().int(),
  today: z.string(),
  students: z.array(notSeenRowSchema),
});
export type NotSeen = z.infer<typeof notSeenSchema>;

/** `POST|GET /api/user/{id}/id-card`: the live card and the code its QR carries. */
export const idCardSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  code: z.string(),
  created_at: z.string(),
});
export type IdCard = z.infer<typeof idCardSchema>;
