import { z } from 'zod';
import { textOf, type LazyText } from './fields';

/** Plain decimal rupees: digits, then optionally a point and one or two digits. */
export const RUPEES_PATTERN = /^\d+(\.\d{1,2})?$/;

/**
 * The one schema for an amount of money (DESIGN.md §3: money is exact). It takes a JSON
 * number or a string of plain decimal rupees with at most two decimals, from 0 to `max`,
 * and answers the rupees as a number (exact to the paisa up to `max`). No sign, spaces,
 * exponent, hex, digit separators or other scripts' digits: `"0x10"` is not ₹16. Missing,
 * null or blank answers `required`; anything else that is not such an amount, `invalid`.
 */
export function rupeesSchema(texts: { required: LazyText; invalid: LazyText }, max: number) {
  return z
    .union([z.number(), z.string()], {
      error: (issue) => textOf(issue.input === undefined || issue.input === null ? texts.required : texts.invalid),
    })
    .transform((value, context) => {
      if (typeof value === 'string' && value.trim() === '') {
        context.addIssue({ code: 'custom', message: textOf(texts.required) });
        return z.NEVER;
      }
      // A number's shortest decimal text: 12.5 reads "12.5", 0.1 + 0.2 reads "0.30000000000000004", 1e21 "1e+21".
      const text = typeof value === 'number' ? String(value) : value;
      if (!RUPEES_PATTERN.test(text) || Number(text) > max) {
        context.addIssue({ code: 'custom', message: textOf(texts.invalid) });
        return z.NEVER;
      }
      return Number(text);
    });
}
