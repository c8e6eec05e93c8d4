/**
 * Small checks of an answer's shape, written out by hand where a screen's first paint must not
 * carry zod (issue 18). Each use answers exactly as the shared schema it stands for answers
 * `safeParse(...).success` (unknown keys allowed), which its test checks with `answerMutations`
 * (src/test/answer-mutations.ts) and generated values.
 */
export type Check = (value: unknown) => boolean;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const string: Check = (value) => typeof value === 'string';
export const boolean: Check = (value) => typeof value === 'boolean';
/** z.number(): finite. */
export const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
/** z.number().int(): a safe integer. */
export const int: Check = (value) => typeof value === 'number' && Number.isSafeInteger(value);

export const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

export const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value);

export const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

/** z.object(shape): an object (not an array) with every key of `shape` passing its check. */
export const object =
  (shape: Record<string, Check>): Check =>
  (value) =>
    isRecord(value) && Object.entries(shape).every(([key, check]) => check(value[key]));

/** The shared paginationSchema (common/envelope.ts). */
export const pagination = object({
  currentPage: int,
  totalPages: int,
  totalItems: int,
  itemsPerPage: int,
  hasNextPage: boolean,
  hasPrevPage: boolean,
  nextPage: nullable(int),
  prevPage: nullable(int),
});
