import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';
import { listMessages } from './list-messages';

export { listMessages };

// Query strings arrive as text; an empty value means "not given".
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The query every list takes (DESIGN.md §4): page, limit (5/10/25/50, default
 * 10), sortBy from a whitelist (never passed to SQL as text), sortOrder, search.
 */
export function listQuerySchema<const Keys extends readonly [string, ...string[]]>(options: {
  sortKeys: Keys;
  defaultSortBy: Keys[number];
  defaultSortOrder?: 'ASC' | 'DESC';
}) {
  return z.object({
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: () => listMessages.pageInvalid })
        .int({ error: () => listMessages.pageInvalid })
        .min(1, { error: () => listMessages.pageInvalid })
        .max(1_000_000, { error: () => listMessages.pageInvalid })
        .default(1),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: () => listMessages.limitInvalid })
        .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), {
          error: () => listMessages.limitInvalid,
        })
        .default(DEFAULT_PAGE_SIZE),
    ),
    sortBy: z.preprocess(
      blankToUndefined,
      z
        .enum(options.sortKeys, { error: () => listMessages.sortByInvalid(options.sortKeys) })
        .default(options.defaultSortBy as never),
    ),
    sortOrder: z.preprocess(
      (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim().toUpperCase()) : value),
      z
        .enum(['ASC', 'DESC'], { error: () => listMessages.sortOrderInvalid })
        .default(options.defaultSortOrder ?? 'ASC'),
    ),
    search: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(100, { error: () => listMessages.searchTooLong })
        .optional()
        .transform((value) => (value ? value : undefined)), // only spaces: no search
    ),
  });
}
