import { z } from 'zod';
import { privacyMessages as m } from './privacy.messages';

/** Who agreed to the notice: the student, or a parent or guardian for a student under 18. */
export const CONSENT_GIVERS = ['student', 'guardian'] as const;
export type ConsentGiver = (typeof CONSENT_GIVERS)[number];

export const DEFAULT_RETENTION_DAYS = 90;
export const MAX_RETENTION_DAYS = 3650;
export const MAX_PRIVACY_NOTICE_LENGTH = 4000;

/** Whether a student born on `dob` (`YYYY-MM-DD`) is under 18 on `today` (`YYYY-MM-DD`). */
export function isUnder18(dob: string, today: string): boolean {
  const eighteenth = `${String(Number(dob.slice(0, 4)) + 18).padStart(4, '0')}${dob.slice(4)}`;
  // Born on 29 February: the 18th birthday is 1 March in a year without one ('…-02-29' sorts before '…-03-01').
  return today < eighteenth;
}

/** Who must agree for a student born on `dob`: a parent or guardian under 18, else the student. */
export function consentGiverFor(dob: string, today: string): ConsentGiver {
  return isUnder18(dob, today) ? 'guardian' : 'student';
}

/**
 * The multipart `consent` field of `POST /user` and `PUT /user/{id}`: who agreed to the
 * notice. Blank or absent means no consent given with this save; the API requires it when
 * the student has none on record (always on create), and `guardian` for a student under 18.
 */
export const consentFieldSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(CONSENT_GIVERS, { error: () => m.consent.invalid }).optional(),
);

/** The student list's `state` filter: members (the default) or those who left. */
export const STUDENT_STATES = ['active', 'left'] as const;
export type StudentState = (typeof STUDENT_STATES)[number];
export const studentStateQuerySchema = z.preprocess(
  (value) => (value === '' || value === undefined ? 'active' : value),
  z.enum(STUDENT_STATES, { error: () => m.leave.stateFilterInvalid }),
);

/** A student's consent as the detail answers it. */
export const studentConsentSchema = z.object({
  at: z.string(),
  given_by: z.enum(CONSENT_GIVERS),
  /** The staff member who recorded it; null once their account is gone. */
  recorded_by_name: z.string().nullable(),
  /** The notice's text as it was shown then. */
  notice: z.string(),
});
export type StudentConsent = z.infer<typeof studentConsentSchema>;

/** What leave, rejoin and erase answer in `data`. */
export const studentLifecycleSchema = z.object({
  id: z.string(),
  status: z.enum(STUDENT_STATES),
  left_at: z.string().nullable(),
  documents_erased_at: z.string().nullable(),
});
export type StudentLifecycle = z.infer<typeof studentLifecycleSchema>;

/** `GET /api/user/{id}/export` query: one JSON file or one readable HTML page. */
export const studentExportQuerySchema = z.object({
  format: z.preprocess(
    (value) => (value === '' || value === undefined ? 'json' : value),
    z.enum(['json', 'html'], { error: () => m.exportData.formatInvalid }),
  ),
});

/** The JSON file of `GET /api/user/{id}/export?format=json`: the student's own data. */
export const studentExportSchema = z.object({
  exported_at: z.string(),
  library: z.object({ name: z.string() }),
  profile: z.object({
    first_name: z.string(),
    last_name: z.string().nullable(),
    mobile: z.string(),
    email: z.string(),
    dob: z.string(),
    /** Masked (`XXXX XXXX 1234`); null once erased without the last four kept. */
    aadhaar_number: z.string().nullable(),
    kyc_status: z.string(),
    status: z.enum(STUDENT_STATES),
    created_at: z.string(),
    left_at: z.string().nullable(),
    documents_erased_at: z.string().nullable(),
  }),
  consent: studentConsentSchema.nullable(),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      seat: z.string().nullable(),
      start_date: z.string(),
      end_date: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      price: z.number(),
    }),
  ),
  payments: z.array(
    z.object({
      date: z.string(),
      amount: z.number(),
      mode: z.string(),
      receipt_no: z.string().nullable(),
      voided: z.boolean(),
    }),
  ),
  attendance: z.array(z.object({ checked_in_at: z.string(), checked_out_at: z.string().nullable() })),
  notifications: z.array(z.object({ title: z.string(), message: z.string(), sent_at: z.string() })),
});
export type StudentExport = z.infer<typeof studentExportSchema>;
