import type { LoginInput } from '@app/shared';

/** The sign-in form's two fields, in the order the form shows them (and focuses the first in error). */
export const LOGIN_FIELDS = ['identifier', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

/** The catalogue's validation messages the check needs (`messages.login`). */
export interface LoginValidationTexts {
  invalidEmail: string;
  passwordMin: string;
}

export type LoginCheck =
  { values: LoginInput; errors: null } | { values: null; errors: Partial<Record<LoginField, string>> };

// zod's own email pattern (`z.email()`'s default, zod/v4/core/regexes), which the shared schema uses.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const IDENTIFIER_MAX = 254;
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 256;

// zod measures a string's length in code points (a lone surrogate counts as one), as iteration does.
const length = (text: string) => Array.from(text).length;

/**
 * The shared `loginSchema` (SPEC.md §5 Login) written out by hand for the prerendered sign-in
 * page, which ships no zod: the same values on success (the identifier trimmed and lower-cased,
 * as the React form sends it) and the same first message per field on failure.
 * `login-validation.test.ts` holds it to `loginSchema.safeParse` on generated input.
 */
export function checkLogin(input: LoginInput, texts: LoginValidationTexts): LoginCheck {
  const identifier = input.identifier.trim().toLowerCase();
  const errors: Partial<Record<LoginField, string>> = {};
  if (length(identifier) > IDENTIFIER_MAX || !EMAIL.test(identifier)) errors.identifier = texts.invalidEmail;
  const passwordLength = length(input.password);
  if (passwordLength < PASSWORD_MIN || passwordLength > PASSWORD_MAX) errors.password = texts.passwordMin;
  return Object.keys(errors).length
    ? { values: null, errors }
    : { values: { identifier, password: input.password }, errors: null };
}
