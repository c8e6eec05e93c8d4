import { z } from 'zod';
import { areaMessages } from './areas.messages';
import { paginationSchema } from '../common/envelope';
import { requiredText, textOf, tooLong, type LazyText } from '../common/fields';
import { listQuerySchema } from '../common/list-query';

const m = areaMessages;

/** Area statuses (SPEC.md §4); the form offers only the first two. */
export const AREA_STATUSES = ['active', 'inactive', 'maintenance'] as const;
export type AreaStatus = (typeof AREA_STATUSES)[number];
export const AREA_FORM_STATUSES = ['active', 'inactive'] as const;

/** Limits of an area (DESIGN.md §6). */
export const AREA_LIMITS = { nameMax: 100, locationMax: 200, totalSeatsMin: 1, totalSeatsMax: 999 } as const;

/**
 * A whole number read from a number input: the form holds text ("40", "" or "12.5"),
 * JSON callers send numbers. Blank is "required"; fractions and out-of-range values
 * are refused with their own message (the input's step 0.01 lets the user type them).
 * Each text is read when a value is refused (`() => m.totalSeatsRange`: the language of the moment).
 */
export function wholeNumberField(
  texts: { required: LazyText; notNumber: LazyText; whole: LazyText; range: LazyText },
  min: number,
  max: number,
) {
  const required = () => textOf(texts.required);
  const notNumber = () => textOf(texts.notNumber);
  const range = () => textOf(texts.range);
  return z
    .union([z.number(), z.string().trim().max(20, { error: notNumber })], {
      error: (issue) => (issue.input === undefined || issue.input === null ? required() : notNumber()),
    })
    .transform((value) => (value === '' ? undefined : Number(value)))
    .pipe(
      z
        .number({ error: (issue) => (issue.input === undefined ? required() : notNumber()) })
        .min(min, { error: range })
        .max(max, { error: range })
        .int({ error: () => textOf(texts.whole) }),
    );
}

const statusField = z.enum(AREA_STATUSES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? m.statusRequired : m.statusInvalid),
});

/**
 * Add/Update Area form and the `POST /area` and `PUT /area/{id}` body (SPEC.md §5 Area form).
 * `location` left out keeps the stored one on update; blank or null clears it.
 */
export const areaBodySchema = z.object({
  area_name: requiredText(() => m.nameRequired, AREA_LIMITS.nameMax),
  total_seats: wholeNumberField(
    {
      required: () => m.totalSeatsRequired,
      notNumber: () => m.totalSeatsNumber,
      whole: () => m.totalSeatsWhole,
      range: () => m.totalSeatsRange,
    },
    AREA_LIMITS.totalSeatsMin,
    AREA_LIMITS.totalSeatsMax,
  ),
  status: statusField,
  location: z
    .string()
    .trim()
    .max(AREA_LIMITS.locationMax, { error: () => tooLong(AREA_LIMITS.locationMax) })
    .nullish()
    .transform((value) => (value === '' ? null : value)),
});
export type AreaBodyInput = z.input<typeof areaBodySchema>;
export type AreaBody = z.output<typeof areaBodySchema>;

/** Sort keys `GET /area` accepts (DESIGN.md §4: unknown keys are refused). */
export const AREA_SORT_KEYS = ['name', 'total_seats', 'status', 'created_at'] as const;
export type AreaSortKey = (typeof AREA_SORT_KEYS)[number];

/** `GET /area` query (SPEC.md §7): page, limit, sortBy, sortOrder, search, and a status filter. */
export const areaListQuerySchema = listQuerySchema({ sortKeys: AREA_SORT_KEYS, defaultSortBy: 'name' }).extend({
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(AREA_STATUSES, { error: () => m.statusInvalid }).optional(),
  ),
});
export type AreaListQuery = z.output<typeof areaListQuerySchema>;

/** `{ id }` path parameter of the area calls; a malformed id is a 400. */
export const areaIdParamsSchema = z.object({ id: z.guid({ error: () => m.invalidId }) });

/** An area as the API answers it. */
export const areaSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  total_seats: z.number().int(),
  status: z.enum(AREA_STATUSES),
  /** Seats that exist in the area. */
  seatCount: z.number().int(),
  /** Seats a student could sit at right now. */
  availableSeats: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

export const areaPageSchema = z.object({ areas: z.array(areaSchema), pagination: paginationSchema });
export type AreaPage = z.infer<typeof areaPageSchema>;

export const areaListSchema = z.object({ areas: z.array(areaSchema) });
