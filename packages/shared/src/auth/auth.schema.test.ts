import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { loginSchema, registrationSchema } from './auth.schema';
import { emptyRegistration, emptyRegistrationMessages } from './auth.test-data';
import { profileUpdateSchema } from '../profile/profile.schema';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const validRegistration = {
  library_name: 'Gyan Study Point',
  mobile: '9876543210',
  email: 'desk@example.com',
  address: 'MG Road',
  first_name: 'Ravi',
  last_name: '',
  owner_mobile: '6123456789',
  owner_email: 'Owner@Example.com',
  password: '12345678',
};

describe('loginSchema', () => {
  it('accepts an email and a 6-character password, normalising the email', () => {
    expect(loginSchema.parse({ identifier: ' A@B.co ', password: '123456' })).toEqual({
      identifier: 'a@b.co',
      password: '123456',
    });
  });
  it.each([
    [{ identifier: '', password: '123456' }, { identifier: messages.login.invalidEmail }],
    [{ identifier: 'nope', password: '123456' }, { identifier: messages.login.invalidEmail }],
    [{ identifier: 'a@b.co', password: '12345' }, { password: messages.login.passwordMin }],
    [{}, { identifier: messages.login.invalidEmail, password: messages.login.passwordMin }],
  ])('refuses %j', (input, expected) => {
    expect(firstMessages(loginSchema.safeParse(input))).toEqual(expected);
  });
});

describe('registrationSchema', () => {
  it('accepts a complete registration; last name and address are optional', () => {
    const parsed = registrationSchema.parse({ ...validRegistration, address: '  ' });
    expect(parsed.owner_email).toBe('owner@example.com');
    expect(parsed.last_name).toBeUndefined();
    expect(parsed.address).toBeUndefined();
  });
  it('gives the required messages for empty fields', () => {
    const result = registrationSchema.safeParse(emptyRegistration);
    expect(firstMessages(result)).toEqual(emptyRegistrationMessages);
  });
  it.each(['5876543210', '987654321', '98765432100', '98765abcde', '+919876543'])('refuses the mobile %s', (mobile) => {
    expect(firstMessages(registrationSchema.safeParse({ ...validRegistration, mobile }))).toEqual({
      mobile: messages.registration.mobileInvalid,
    });
  });
  it.each(['6000000000', '7999999999', '8123456789', '9000000000'])('accepts the mobile %s', (mobile) => {
    expect(registrationSchema.safeParse({ ...validRegistration, mobile }).success).toBe(true);
  });
  it('refuses malformed emails and a short password', () => {
    const result = registrationSchema.safeParse({
      ...validRegistration,
      email: 'x@',
      owner_email: 'plain',
      password: '1234567',
    });
    expect(firstMessages(result)).toEqual({
      email: messages.registration.emailInvalid,
      owner_email: messages.registration.emailInvalid,
      password: messages.registration.passwordMin,
    });
  });
});

describe('profileUpdateSchema', () => {
  it('accepts a profile and requires a 10-digit phone', () => {
    expect(
      profileUpdateSchema.safeParse({ name: 'A', email: 'a@b.co', phone: '0123456789', password: '12345678' }).success,
    ).toBe(true);
    expect(
      firstMessages(
        profileUpdateSchema.safeParse({ name: 'A', email: 'a@b.co', phone: '12345', password: '12345678' }),
      ),
    ).toEqual({ phone: messages.profile.phoneInvalid });
  });
  it('gives the required messages', () => {
    expect(firstMessages(profileUpdateSchema.safeParse({ name: '', email: '', phone: '', password: '' }))).toEqual({
      name: messages.profile.nameRequired,
      email: messages.profile.emailRequired,
      phone: messages.profile.phoneRequired,
      password: messages.profile.passwordRequired,
    });
    expect(
      firstMessages(profileUpdateSchema.safeParse({ name: 'A', email: 'bad', phone: '0123456789', password: 'x' })),
    ).toEqual({
      email: messages.profile.emailInvalid,
      password: messages.profile.passwordMin,
    });
  });
});
