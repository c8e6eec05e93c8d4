import { randomBytes } from 'node:crypto';
import type { RegistrationInput } from '@app/shared';

// No test-runner imports: the API tests, the browser journeys (e2e/) and the benches share it.

/** A valid library registration with fresh desk and owner emails; `overrides` replace fields. */
export function registrationBody(
  overrides: Partial<RegistrationInput> = {},
): Required<Omit<RegistrationInput, 'last_name' | 'address'>> & RegistrationInput {
  const unique = () => randomBytes(5).toString('hex');
  return {
    library_name: 'Gyan Study Point',
    mobile: '9876543210',
    email: `desk-${unique()}@example.com`,
    address: '12 MG Road, Jaipur',
    first_name: 'Ravi',
    last_name: 'Kumar',
    owner_mobile: '9123456780',
    owner_email: `owner-${unique()}@example.com`,
    password: 'correct-horse',
    ...overrides,
  };
}
