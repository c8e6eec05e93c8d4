import { z } from 'zod';

/** One field-level problem in a failure envelope. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  /** The message's catalogue key (`areas.nameRequired`), the same in every language (issue 20). */
  messageCode: z.string().nullable().optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The failure envelope every API error answers with (DESIGN.md §4). */
export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  code: z.number().int(),
  message: z.string(),
  /**
   * The message's catalogue key (`auth.invalidCredentials`): stable across languages and copy
   * edits, for a client to act on; null for a text that is not a catalogue text (issue 20).
   */
  messageCode: z.string().nullable(),
  errors: z.array(fieldErrorSchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The success envelope: `{ status: true, message, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal(true),
    message: z.string(),
    data,
  });
}

/** The two calls SPEC.md says answer `status: "success"` (profile update, notification). */
export function successTextEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string(),
    data,
  });
}

/** SPEC.md §3 pagination object, answered by every list. */
export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  itemsPerPage: z.number().int(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
  nextPage: z.number().int().nullable(),
  prevPage: z.number().int().nullable(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Builds the pagination object for a page of a list. */
export function paginate(currentPage: number, itemsPerPage: number, totalItems: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalItems / itemsPerPage));
  const hasNextPage = currentPage < totalPages;
  const hasPrevPage = currentPage > 1;
  return {
    currentPage,
    totalPages,
    totalItems,
    itemsPerPage,
    hasNextPage,
    hasPrevPage,
    nextPage: hasNextPage ? currentPage + 1 : null,
    prevPage: hasPrevPage ? currentPage - 1 : null,
  };
}
