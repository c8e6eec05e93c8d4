import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loginSchema, messages, type LoginInput } from '@app/shared';
import { checkLogin, LOGIN_FIELDS, type LoginCheck, type LoginField } from './login-validation';

/** What the React form gets from `zodResolver(loginSchema)`: the parsed values, or each field's first message. */
function schemaCheck(input: LoginInput): LoginCheck {
  const result = loginSchema.safeParse(input);
  if (result.success) return { values: result.data, errors: null };
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return { values: null, errors };
}

const check = (input: LoginInput) => checkLogin(input, messages.login);

// Identifiers near and far from an email: real addresses, case and spaces around them, every
// character the pattern treats specially, lengths around the 254 limit, and any text at all.
const emailish = fc.stringMatching(/^[ \t]{0,2}[A-Za-z0-9._'+İ-]{0,12}@[A-Za-z0-9.-]{0,12}[ \n]{0,2}$/);
const long = fc
  .tuple(fc.integer({ min: 240, max: 260 }), fc.constantFrom('a', 'B', 'İ'))
  .map(([length, char]) => `${char.repeat(Math.max(0, length - 12))}@example.com`);
const identifier = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((email) => ` ${email.toUpperCase()} `),
  emailish,
  long,
  fc.string(),
  fc.string({ unit: 'binary' }),
);
const password = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.string({ minLength: 250, maxLength: 262 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);

describe('checkLogin', () => {
  it('gives the same answers as the shared loginSchema on generated input', () => {
    fc.assert(
      fc.property(identifier, password, (id, pw) => {
        expect(check({ identifier: id, password: pw })).toEqual(schemaCheck({ identifier: id, password: pw }));
      }),
      { numRuns: 3000 },
    );
  });

  it('sends the identifier trimmed and lower-cased, as the schema does', () => {
    expect(check({ identifier: '  Ravi@Example.COM ', password: 'secret1' })).toEqual({
      values: { identifier: 'ravi@example.com', password: 'secret1' },
      errors: null,
    });
  });

  it('names every field in error with the catalogue message (SPEC.md §5)', () => {
    expect(check({ identifier: '', password: '' })).toEqual({
      values: null,
      errors: { identifier: messages.login.invalidEmail, password: messages.login.passwordMin },
    });
    expect(check({ identifier: 'a@b.co', password: '12345' }).errors).toEqual({ password: messages.login.passwordMin });
    expect(check({ identifier: 'not-an-email', password: '123456' }).errors).toEqual({
      identifier: messages.login.invalidEmail,
    });
    expect(LOGIN_FIELDS).toEqual(Object.keys(loginSchema.shape));
  });
});
