import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  consentGiverFor,
  messages,
  setLanguage,
  todayIn,
  verhoeffCheckDigit,
  type RegistrationInput,
} from '@app/shared';
import { registrationBody } from '../apps/api/src/test/registration';
import { loadHindi } from '@app/shared/i18n/hindi';

// The journeys' second run in Hindi (playwright.config.ts): every catalogue text they read is Hindi.
if (process.env.E2E_LANGUAGE === 'hi') {
  loadHindi();
  setLanguage('hi');
}

export const unique = () => randomBytes(4).toString('hex');

/** A fresh, valid registration (its library name marked, to tell journeys' libraries apart). */
export const newLibrary = (overrides: Partial<RegistrationInput> = {}) =>
  registrationBody({ library_name: `Gyan Study Point ${unique()}`, ...overrides });

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

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.1 A and AA) on what the page shows now and fails the test on any
 * serious or critical violation, naming each one. `context` says which screen, for the report.
 * Soft, so one journey reports every screen's problems in one run. `exclude` leaves parts out
 * by selector: a frame sandboxed without scripts (the receipt screen's printed page), which
 * axe cannot enter and would wait for without end; its page is checked where it opens alone.
 */
export async function expectAccessible(page: Page, context: string, exclude: string[] = []) {
  // Colour contrast is measured on the painted colours: let fades and slides settle first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const report = blocking.map((violation) => {
    const targets = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(' | ');
    const why = violation.nodes[0]?.any[0]?.message ?? '';
    return `${violation.id} (${violation.impact}): ${violation.help} [${violation.nodes.length} node(s): ${targets}] ${why}`;
  });
  expect.soft(report, `accessibility of ${context}`).toEqual([]);
}

/** Paints the app dark (the theme toggle's stored choice) and reloads. */
export async function useDarkTheme(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
}

let serial = 0;
const clockDigits = (digits: number) => String(Date.now() % 10 ** digits).padStart(digits, '0');

/** A valid Aadhaar number (Verhoeff check digit), different every call; `lead` keeps spec files apart. */
export function newAadhaar(lead: string): string {
  serial += 1;
  const body = `${lead}${clockDigits(6)}${String(serial).padStart(4, '0')}`;
  return body + String(verhoeffCheckDigit(body));
}

/** A ten-digit mobile number starting with `lead`, different every call (or for every `n`). */
export function newMobile(lead: string, n = ++serial): string {
  return `${lead}${clockDigits(5)}${String(n).padStart(4, '0')}`;
}

/** A small real PNG of one colour. */
export function png(color: string, width = 60, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The text fields of a new student, as POST /api/user takes them. */
export interface StudentFields {
  first_name: string;
  last_name: string;
  mobile: string;
  email: string;
  aadhaar_number: string;
  dob: string;
}

/**
 * Adds a student through the API with its three identity images (one image for all
 * three, or one each) and the consent the documents need (issue 19: the student's, or a
 * parent's or guardian's under 18 by the library's today in Asia/Kolkata), failing the
 * test on an error; answers the student's id.
 */
export async function createStudentViaApi(
  request: APIRequestContext,
  token: string,
  fields: StudentFields,
  images: Buffer | { profile: Buffer; front: Buffer; back: Buffer },
): Promise<string> {
  const { profile, front, back } = Buffer.isBuffer(images) ? { profile: images, front: images, back: images } : images;
  const response = await request.post('/api/user', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      ...fields,
      consent: consentGiverFor(fields.dob, todayIn('Asia/Kolkata')),
      profile: { name: 'p.png', mimeType: 'image/png', buffer: profile },
      front_image: { name: 'f.png', mimeType: 'image/png', buffer: front },
      back_image: { name: 'b.png', mimeType: 'image/png', buffer: back },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.id as string;
}

/** Adds an active area of `seats` seats through the API and generates them, failing the test on an error; answers its id. */
export async function createAreaWithSeats(request: APIRequestContext, token: string, name: string, seats: number) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/area', {
    headers,
    data: { area_name: name, total_seats: seats, status: 'active' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const generated = await request.post(`/api/area/${id}/generate-seats`, { headers });
  expect(generated.status(), await generated.text()).toBe(201);
  return id;
}

/** A signed-in library's API, for journeys that set up their rows without the screens. */
export class LibraryApi {
  constructor(
    protected readonly request: APIRequestContext,
    protected readonly token: string,
  ) {}

  protected get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /**
   * Adds a student with a mobile, an email and an Aadhaar number of their own and one image of
   * `colour` for the three documents; answers their id, mobile and full name.
   */
  async addStudent(
    firstName: string,
    options: { lastName?: string; mobile?: string; dob?: string; colour?: string; size?: [number, number] } = {},
  ) {
    const { lastName = 'Verma', mobile = newMobile('7'), dob = '2003-08-09', colour = '#00897b' } = options;
    const id = await createStudentViaApi(
      this.request,
      this.token,
      {
        first_name: firstName,
        last_name: lastName,
        mobile,
        email: `${firstName.toLowerCase()}-${unique()}@example.com`,
        aadhaar_number: newAadhaar('4'),
        dob,
      },
      await png(colour, ...(options.size ?? [])),
    );
    return { id, mobile, name: `${firstName} ${lastName}` };
  }
}
