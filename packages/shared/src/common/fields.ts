import { z } from 'zod';
import { coreMessages } from '../core.messages';

/**
 * A message a schema shows: a text, or a function that reads it when the message is shown
 * (`() => m.nameRequired`), so that a schema built once at module load answers in the
 * language of the moment (issue 20). zod takes either as a check's `error`.
 */
export type LazyText = string | (() => string);

/** The text of a `LazyText` now. */
export function textOf(text: LazyText): string {
  return typeof text === 'function' ? text() : text;
}

/** A text longer than `max` characters: "At most 200 characters". */
export function tooLong(max: number): string {
  return coreMessages.validation.tooLong(max);
}

/** Indian mobile number: 10 digits, the first 6 to 9. */
export const MOBILE_PATTERN = /^[6-9]\d{9}$/;

/** A required, trimmed text field; `required` is shown when it is missing or blank. */
export function requiredText(required: LazyText, max = 200) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: () => tooLong(max) });
}

/** A required email, trimmed and lower-cased; `invalid` when it does not look like one. */
export function requiredEmail(required: LazyText, invalid: LazyText) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .max(254, { error: invalid, abort: true })
    .pipe(z.email({ error: invalid }));
}

/** A required Indian mobile number. */
export function requiredMobile(required: LazyText, invalid: LazyText) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(MOBILE_PATTERN, { error: invalid });
}

/** An optional trimmed text; blank becomes undefined. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { error: () => tooLong(max) })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** Whether `YYYY-MM-DD` names a real calendar day (no 30 February). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2200 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
