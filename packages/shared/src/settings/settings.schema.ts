import { z } from 'zod';
import { rupeesSchema } from '../common/money';
import { MAX_DURATION_MONTHS, MAX_FEE_RUPEES } from '../subscriptions/subscriptions.schema';
import { settingsMessages as m } from './settings.messages';
import { REMINDER_PLACEHOLDERS } from '../dues/reminder';
import { gstinProblem } from '../receipts/gstin';
import { attendanceMessages } from '../attendance/attendance.messages';
import { MAX_CHECKIN_EARLY_MINUTES } from '../attendance/attendance.schema';
import { teamRoleMessages } from '../team/team.messages';
import { privacyMessages } from '../privacy/privacy.messages';
import { MAX_PRIVACY_NOTICE_LENGTH, MAX_RETENTION_DAYS } from '../privacy/privacy.schema';

/** A UPI ID (VPA): a handle of letters, digits, `.`, `-`, `_`, then `@` and the provider's handle. */
export const VPA_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
export const PAYEE_NAME_PATTERN = /^[\p{L}\p{M}0-9 .&'-]{2,50}$/u;
export const MAX_PRICE_LIST_ENTRIES = 100;
export const DEFAULT_DUES_EXPIRING_DAYS = 5;
export const DEFAULT_DUES_GRACE_DAYS = 7;
export const MAX_REMINDER_TEMPLATE_LENGTH = 1000;
/**
 * A receipt number's prefix (issue 14): 1–3 capital letters or digits, so that
 * `PPP/2026-27/0001` fits the 16 characters of a receipt number.
 */
export const RECEIPT_PREFIX_PATTERN = /^[A-Z0-9]{1,3}$/;

/** The receipt prefix, upper-cased and trimmed before it is checked. */
export const receiptPrefixSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z
    .string({ error: () => m.receiptPrefixInvalid })
    .regex(RECEIPT_PREFIX_PATTERN, { error: () => m.receiptPrefixInvalid }),
);

/** The financial year (April–March, named by the year it starts in) of a `YYYY-MM-DD` day. */
export function financialYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) < 4 ? year - 1 : year;
}

/** How the first receipt of a financial year looks with a prefix (`GDL/2026-27/0001`). */
export function receiptNoExample(prefix: string, financialYear: number): string {
  return `${prefix}/${financialYear}-${String((financialYear + 1) % 100).padStart(2, '0')}/0001`;
}

/** GST rates the settings take: a percentage above 0 and at most 40, with at most two decimals. */
export const DEFAULT_GST_RATE = 18;
/** SAC 998451, library services (group 99845, library and archive services): the owner may set another (docs/decisions.md). */
export const DEFAULT_SAC = '998451';
export const SAC_PATTERN = /^99\d{4}$/;

/** A GSTIN as typed: trimmed, spaces removed, upper-cased, then checked (format, state code, check character). */
export const gstinSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value),
  z.string({ error: () => m.gstinInvalid }).superRefine((gstin, context) => {
    const problem = gstinProblem(gstin);
    if (problem) context.addIssue({ code: 'custom', message: m.gstinProblem[problem] });
  }),
);

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** `rupeesSchema`'s texts, read when a value fails (in the language of the moment), not when the schema is made. */
const lazyTexts = (required: () => string, invalid: () => string) => ({
  get required() {
    return required();
  },
  get invalid() {
    return invalid();
  },
});

/** `invalid` is read when a value fails (texts are read in the language of the moment). */
const wholeNumber = (invalid: () => string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
    z.number({ error: invalid }).int({ error: invalid }).min(min, { error: invalid }).max(max, { error: invalid }),
  );

/** One row of the price list: a plan length, reserved or not, optionally a daily-hours tier, and its price. */
export const priceListEntrySchema = z.object({
  duration: wholeNumber(() => m.priceList.durationInvalid, 1, MAX_DURATION_MONTHS),
  is_reserved: z.boolean({ error: () => m.priceList.seatRequired }),
  /** The entry covers daily windows up to this many hours; null covers any length. */
  window_hours: z
    .preprocess(blankToNull, wholeNumber(() => m.priceList.windowHoursInvalid, 1, 24).nullable())
    .default(null),
  price: rupeesSchema(
    lazyTexts(
      () => m.priceList.priceRequired,
      () => m.priceList.priceInvalid,
    ),
    MAX_FEE_RUPEES,
  ),
});
export type PriceListEntry = z.output<typeof priceListEntrySchema>;

/** The reminder template: required, at most 1,000 characters, only known placeholders. */
export const reminderTemplateSchema = z
  .string({ error: () => m.reminderTemplateRequired })
  .trim()
  .min(1, { error: () => m.reminderTemplateRequired, abort: true })
  .max(MAX_REMINDER_TEMPLATE_LENGTH, { error: () => m.reminderTemplateTooLong, abort: true })
  .superRefine((template, context) => {
    for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
      const name = match[1] ?? '';
      if (!(REMINDER_PLACEHOLDERS as readonly string[]).includes(name)) {
        context.addIssue({ code: 'custom', message: m.reminderTemplateUnknown(name) });
        return;
      }
    }
  });

/** `PUT /api/settings` body; `GET /api/settings` answers the same shape. */
export const librarySettingsSchema = z
  .object({
    upi_id: z.preprocess(
      blankToNull,
      z
        .string({ error: () => m.upiIdInvalid })
        .trim()
        .regex(VPA_PATTERN, { error: () => m.upiIdInvalid })
        .nullable(),
    ),
    upi_payee_name: z.preprocess(
      blankToNull,
      z
        .string({ error: () => m.payeeNameInvalid })
        .trim()
        .regex(PAYEE_NAME_PATTERN, { error: () => m.payeeNameInvalid })
        .nullable(),
    ),
    dues_expiring_days: wholeNumber(() => m.expiringDaysInvalid, 1, 60),
    dues_grace_days: wholeNumber(() => m.graceDaysInvalid, 0, 60),
    reminder_template: reminderTemplateSchema,
    auto_push_reminders: z.boolean({ error: () => m.autoPush }),
    /** Absent: the prefix stays as it is (clients from before issue 14 send none). */
    receipt_prefix: receiptPrefixSchema.optional(),
    /** Issue 14, all optional (absent keeps what is saved): with a GSTIN, receipts become tax invoices. */
    gstin: z.preprocess(blankToNull, gstinSchema.nullable()).optional(),
    gst_rate: z
      .preprocess(
        (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
        z
          .number({ error: () => m.gstRateInvalid })
          .gt(0, { error: () => m.gstRateInvalid })
          .max(40, { error: () => m.gstRateInvalid })
          .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, { error: () => m.gstRateInvalid }),
      )
      .optional(),
    sac: z
      .preprocess(
        (value) => (typeof value === 'string' ? value.trim() : value),
        z.string({ error: () => m.sacInvalid }).regex(SAC_PATTERN, { error: () => m.sacInvalid }),
      )
      .optional(),
    price_list: z.array(priceListEntrySchema).max(MAX_PRICE_LIST_ENTRIES, { error: () => m.priceList.tooMany }),
    /**
     * Issue 15, optional (absent keeps what is saved): the desk refuses a student owing more
     * than this (null or blank: never refuses for money), and lets them in this many minutes
     * before their daily window.
     */
    checkin_max_due: z
      .preprocess(
        blankToNull,
        rupeesSchema(
          lazyTexts(
            () => attendanceMessages.settings.maxDueInvalid,
            () => attendanceMessages.settings.maxDueInvalid,
          ),
          MAX_FEE_RUPEES,
        ).nullable(),
      )
      .optional(),
    checkin_early_minutes: wholeNumber(
      () => attendanceMessages.settings.earlyMinutesInvalid,
      0,
      MAX_CHECKIN_EARLY_MINUTES,
    ).optional(),
    /**
     * Issue 16, optional (absent keeps what is saved): the largest discount below the price list
     * desk staff may give on a subscription or renewal (0: none). Managers and owners have no limit.
     */
    desk_max_discount: rupeesSchema(
      lazyTexts(
        () => teamRoleMessages.deskMaxDiscountInvalid,
        () => teamRoleMessages.deskMaxDiscountInvalid,
      ),
      MAX_FEE_RUPEES,
    ).optional(),
    /**
     * Issue 19, optional (absent keeps what is saved): the privacy notice (blank or null: the
     * default), the days after leaving before identity documents are erased, and whether the
     * last four Aadhaar digits stay.
     */
    privacy_notice: z
      .preprocess(
        blankToNull,
        z
          .string({ error: () => privacyMessages.settings.noticeTooLong })
          .trim()
          .max(MAX_PRIVACY_NOTICE_LENGTH, { error: () => privacyMessages.settings.noticeTooLong })
          .nullable(),
      )
      .optional(),
    retention_days: wholeNumber(() => privacyMessages.settings.retentionInvalid, 0, MAX_RETENTION_DAYS).optional(),
    keep_aadhaar_last4: z.boolean({ error: () => privacyMessages.settings.keepLast4 }).optional(),
  })
  .superRefine((settings, context) => {
    if (settings.upi_id && !settings.upi_payee_name) {
      context.addIssue({ code: 'custom', path: ['upi_payee_name'], message: m.payeeNameRequired });
    }
    const seen = new Set<string>();
    settings.price_list.forEach((entry, index) => {
      const key = `${entry.duration}|${entry.is_reserved}|${entry.window_hours ?? 'any'}`;
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['price_list', index, 'duration'], message: m.priceList.duplicate });
      }
      seen.add(key);
    });
  });
export type LibrarySettingsInput = z.input<typeof librarySettingsSchema>;
export type LibrarySettings = z.output<typeof librarySettingsSchema>;

/** What `GET /api/settings` answers (the saved settings, the defaults until saved once). */
export const librarySettingsRecordSchema = z.object({
  upi_id: z.string().nullable(),
  upi_payee_name: z.string().nullable(),
  dues_expiring_days: z.number().int(),
  dues_grace_days: z.number().int(),
  reminder_template: z.string(),
  auto_push_reminders: z.boolean(),
  /** The saved prefix, else the default from the library's name (its initials). */
  receipt_prefix: z.string(),
  gstin: z.string().nullable(),
  gst_rate: z.number(),
  sac: z.string(),
  price_list: z.array(
    z.object({
      duration: z.number().int(),
      is_reserved: z.boolean(),
      window_hours: z.number().int().nullable(),
      price: z.number(),
    }),
  ),
  /** Issue 15: the largest balance the desk lets in (null: any), and the minutes early allowed. */
  checkin_max_due: z.number().nullable(),
  checkin_early_minutes: z.number().int(),
  /** Issue 16: the largest discount below the price list the desk may give (0: none). */
  desk_max_discount: z.number(),
  /** Issue 19: the owner's notice (null: the default), and `privacy_notice_text`, the one shown. */
  privacy_notice: z.string().nullable(),
  privacy_notice_text: z.string(),
  retention_days: z.number().int(),
  keep_aadhaar_last4: z.boolean(),
  updated_at: z.string().nullable(),
});
export type LibrarySettingsRecord = z.infer<typeof librarySettingsRecordSchema>;

/** Minutes a daily window lasts (`HH:mm[:ss]` times; a window past midnight wraps). */
export function windowMinutes(startTime: string, endTime: string): number {
  const minutes = (time: string) => {
    const [hours = '0', mins = '0'] = time.split(':');
    return Number(hours) * 60 + Number(mins);
  };
  const length = minutes(endTime) - minutes(startTime);
  return length > 0 ? length : length + 24 * 60;
}

/**
 * The price list's price for a plan (one implementation, used by the API and the dialogs):
 * among entries of that duration and seat kind, the smallest daily-hours tier the window
 * fits in, else the any-length entry; undefined when the list has no such plan.
 */
export function lookupPrice(
  priceList: readonly { duration: number; is_reserved: boolean; window_hours: number | null; price: number }[],
  plan: { duration: number; is_reserved: boolean; start_time: string; end_time: string },
): number | undefined {
  const length = windowMinutes(plan.start_time, plan.end_time);
  const candidates = priceList.filter(
    (entry) => entry.duration === plan.duration && entry.is_reserved === plan.is_reserved,
  );
  const tiers = candidates
    .filter((entry) => entry.window_hours !== null && entry.window_hours * 60 >= length)
    .sort((a, b) => (a.window_hours ?? 0) - (b.window_hours ?? 0));
  return (tiers[0] ?? candidates.find((entry) => entry.window_hours === null))?.price;
}
