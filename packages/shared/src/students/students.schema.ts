import { z } from 'zod';
import { paginationSchema } from '../common/envelope';
import { optionalText, requiredEmail, requiredMobile, requiredText } from '../common/fields';
import { listQuerySchema } from '../common/list-query';
import { todayIn } from '../common/time-zone';
import { studentMessages as m } from './students.messages';
import { isVerhoeffValid } from './verhoeff';
import { STUDENT_STATES, studentConsentSchema, studentStateQuerySchema } from '../privacy/privacy.schema';

/** Aadhaar: 12 digits, never starting with 0 or 1 (UIDAI), the last a Verhoeff check digit. */
export const AADHAAR_PATTERN = /^[2-9]\d{11}$/;

/** Whether a 12-digit string is a well-formed Aadhaar number (pattern and checksum). */
export function isValidAadhaar(value: string): boolean {
  return AADHAAR_PATTERN.test(value) && isVerhoeffValid(value);
}

/** Masks an Aadhaar number for lists: `XXXX XXXX 1234`. */
export function maskAadhaar(last4: string): string {
  return `XXXX XXXX ${last4}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const EARLIEST_DOB = '1900-01-01';

/** Whether `YYYY-MM-DD` names a day that exists (no 31 February). */
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// Spaces and dashes are how people copy an Aadhaar number off the card; they are not part of it.
const aadhaarField = z
  .string({ error: () => m.aadhaarRequired })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: () => m.aadhaarRequired, abort: true })
      .refine(isValidAadhaar, { error: () => m.aadhaarInvalid }),
  );

const dobField = z
  .string({ error: () => m.dobRequired })
  .trim()
  .min(1, { error: () => m.dobRequired, abort: true })
  .refine((value) => isRealDate(value) && value >= EARLIEST_DOB, { error: () => m.dobInvalid, abort: true })
  .refine((value) => value < todayIn(), { error: () => m.dobFuture });

/**
 * The student's text fields (SPEC.md §5 Student form), as the form holds them and as
 * the multipart `POST /user` and `PUT /user/{id}` send them.
 */
export const studentFieldsSchema = z.object({
  first_name: requiredText(() => m.firstNameRequired, 80),
  last_name: optionalText(80),
  mobile: requiredMobile(
    () => m.mobileRequired,
    () => m.mobileInvalid,
  ),
  email: requiredEmail(
    () => m.emailRequired,
    () => m.emailInvalid,
  ),
  aadhaar_number: aadhaarField,
  dob: dobField,
});
export type StudentFieldsInput = z.input<typeof studentFieldsSchema>;
export type StudentFields = z.output<typeof studentFieldsSchema>;

/** The three images of a student, by their multipart field names. */
export const STUDENT_IMAGE_FIELDS = ['profile', 'front_image', 'back_image'] as const;
export type StudentImageField = (typeof STUDENT_IMAGE_FIELDS)[number];

/**
 * Shown when an image is missing on create (images are kept when left out on edit). Read when
 * shown, in the language of the moment (issue 20).
 */
export const STUDENT_IMAGE_REQUIRED: Readonly<Record<StudentImageField, string>> = {
  get profile() {
    return m.profileRequired;
  },
  get front_image() {
    return m.frontImageRequired;
  },
  get back_image() {
    return m.backImageRequired;
  },
};

export const STUDENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const STUDENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What the form knows of a chosen file before upload (a browser `File` fits). */
export interface ChosenImage {
  name: string;
  size: number;
  type: string;
}

function isChosenImage(value: unknown): value is ChosenImage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ChosenImage).size === 'number' &&
    typeof (value as ChosenImage).type === 'string'
  );
}

// The browser's declared type and size, checked early; the server checks the content itself.
// `required`: the field whose "is required" text a missing image shows (none on edit).
function imageField(required: StudentImageField | undefined) {
  return z.custom<ChosenImage | null | undefined>().superRefine((value, ctx) => {
    if (!isChosenImage(value)) {
      if (required) ctx.addIssue({ code: 'custom', message: STUDENT_IMAGE_REQUIRED[required] });
      return;
    }
    if (!(STUDENT_IMAGE_TYPES as readonly string[]).includes(value.type)) {
      ctx.addIssue({ code: 'custom', message: m.imageType });
    } else if (value.size > STUDENT_IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: m.imageTooLarge });
    }
  });
}

/** The Add/Edit Student form: the fields, plus the images (required only when creating). */
export function studentFormSchema(mode: 'create' | 'edit') {
  const required = (field: StudentImageField) => (mode === 'create' ? field : undefined);
  return studentFieldsSchema.extend({
    profile: imageField(required('profile')),
    front_image: imageField(required('front_image')),
    back_image: imageField(required('back_image')),
  });
}
export type StudentFormInput = z.input<ReturnType<typeof studentFormSchema>>;
export type StudentFormValues = z.output<ReturnType<typeof studentFormSchema>>;

export const KYC_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** `PATCH /user/{id}/kyc` body. */
export const kycUpdateSchema = z.object({
  kyc_status: z.enum(KYC_STATUSES, { error: () => m.kycInvalid }),
});
export type KycUpdateInput = z.input<typeof kycUpdateSchema>;

/** Columns the list may be sorted by; anything else is refused, never passed to SQL. */
export const STUDENT_SORT_KEYS = [
  'name',
  'first_name',
  'last_name',
  'mobile',
  'email',
  'kyc_status',
  'created_at',
  'updated_at',
] as const;
export type StudentSortKey = (typeof STUDENT_SORT_KEYS)[number];

export const STUDENT_TYPES = ['premium', 'regular'] as const;

// A blank query value (`?status=`) means "no filter", as a cleared select sends it.
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `GET /user` query: the common list query (DESIGN.md §4) with the KYC status and type filters. */
export const studentListQuerySchema = listQuerySchema({ sortKeys: STUDENT_SORT_KEYS, defaultSortBy: 'name' }).extend({
  status: z.preprocess(blankToUndefined, z.enum(KYC_STATUSES, { error: () => m.statusFilterInvalid }).optional()),
  type: z.preprocess(
    (value) => (typeof value === 'string' && value !== '' ? value.toLowerCase() : undefined),
    z.enum(STUDENT_TYPES, { error: () => m.typeFilterInvalid }).optional(),
  ),
  /** Issue 19: members (`active`, the default) or the students who left (`left`). */
  state: studentStateQuerySchema,
});
export type StudentListQuery = z.output<typeof studentListQuerySchema>;
export type StudentListQueryInput = z.input<typeof studentListQuerySchema>;

/** A student as the list answers it: Aadhaar masked, only the profile images. */
export const studentListItemSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  email: z.string(),
  dob: z.string(),
  aadhaar_number: z.string(),
  kyc_status: z.enum(KYC_STATUSES),
  /** `active`, or `left` once the student left the library (issue 19). */
  status: z.enum(STUDENT_STATES),
  is_premium: z.boolean(),
  type: z.enum(['Premium', 'Regular']),
  /** Short-lived signed URLs (null when there is no image). */
  profile: z.string().nullable(),
  profile_thumb: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 19: when the student left (null while a member) and when their documents were erased. */
  left_at: z.string().nullable(),
  documents_erased_at: z.string().nullable(),
});
export type StudentListItem = z.infer<typeof studentListItemSchema>;

/** A student as `GET /user/{id}` answers it for the edit form: full Aadhaar and every image. */
export const studentDetailSchema = studentListItemSchema.extend({
  front_image: z.string().nullable(),
  back_image: z.string().nullable(),
  /** What the student still owes over all their subscriptions: agreed prices minus payments (issue 13). */
  balance: z.number(),
  /**
   * Issue 19: the recorded consent (null for a student added before it, until the next save);
   * the day the retention job will erase the documents of a student who left (null otherwise).
   * Once erased, `aadhaar_number` is '' and the three images are null.
   */
  consent: studentConsentSchema.nullable(),
  erase_due_on: z.string().nullable(),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const studentListSchema = z.object({
  students: z.array(studentListItemSchema),
  pagination: paginationSchema,
});
export type StudentList = z.infer<typeof studentListSchema>;

/** `GET /user/mobile/{mobile}`: just enough for the subscription dialog. */
export const studentLookupSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
});
export type StudentLookup = z.infer<typeof studentLookupSchema>;

/** What create, update and the KYC change answer in `data`. */
export const studentSavedSchema = z.object({ id: z.string(), user_id: z.string() });
