import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { messages, type RegistrationInput } from '@app/shared';

export const unique = () => randomBytes(4).toString('hex');

/** A fresh, valid registration. */
export function newLibrary(
  overrides: Partial<RegistrationInput> = {},
): Required<Omit<RegistrationInput, 'last_name' | 'address'>> & RegistrationInput {
  return {
    library_name: `Gyan Study Point ${unique()}`,
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

/** Registers through the API (fast set-up for journeys about other screens) and stores the session. */
export async function signUpViaApi(page: Page, overrides: Partial<RegistrationInput> = {}) {
  const body = newLibrary(overrides);
  const response = await page.request.post('/api/auth/register/library', { data: body });
  expect(response.status()).toBe(201);
  const session = (await response.json()).data;
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('admin', JSON.stringify(value)), session);
  return { body, session, token: session.token as string };
}

/** Signs in through the form. */
export async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(messages.login.identifier).fill(identifier);
  await page.getByLabel(messages.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: messages.login.submit, exact: true }).click();
}
