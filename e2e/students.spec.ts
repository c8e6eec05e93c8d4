import { expect, test, type Locator, type Page } from '@playwright/test';
import { hiIN } from '@mui/material/locale';
import { currentLanguage, messages, privacyMessages } from '@app/shared';
// Before the web's test data: support.ts chooses the run's language, which the data's texts are read in.
import {
  createStudentViaApi,
  expectAccessible,
  newAadhaar,
  newMobile,
  png,
  signUpViaApi,
  unique,
  useDarkTheme,
} from './support';
import { emptyFormMessages } from '../apps/web/src/features/students/components/students.test-data';

const m = messages.students;

/** The previews of the form's three images (profile, Aadhaar front and back), by their names. */
const imagePreviews = (page: Page) =>
  page.getByRole('img', {
    name: new RegExp(
      `^(${[m.fields.profile, m.fields.frontImage, m.fields.backImage]
        .map((label) => literally(m.imagePreview(label)))
        .join('|')})$`,
    ),
  });

/** A text as a regular expression matching it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field's label, as the field is named: the label, then the asterisk of a required field. */
const fieldLabel = (label: string) => new RegExp(`^${literally(label)}(\\s*\\*)?$`);

/** The pager's next-page button as MUI names it on the page: hiIN's name in Hindi, MUI's own English otherwise. */
const nextPage = () =>
  currentLanguage() === 'hi'
    ? (hiIN.components?.MuiTablePagination?.defaultProps?.getItemAriaLabel?.('next') ?? '')
    : /next page/i;

const aadhaar = () => newAadhaar('5');
const mobile = (n: number) => newMobile('8', n);

/** Whether an <img> has loaded real pixels (a signed URL that works). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

async function createStudentsViaApi(page: Page, token: string, count: number) {
  const [profile, front, back] = await Promise.all([png('#1e88e5'), png('#43a047'), png('#fb8c00')]);
  for (let i = 1; i <= count; i += 1) {
    await createStudentViaApi(
      page.request,
      token,
      {
        first_name: `Bulk${String(i).padStart(2, '0')}`,
        last_name: 'Student',
        mobile: mobile(i),
        email: `bulk-${i}-${unique()}@example.com`,
        aadhaar_number: aadhaar(),
        dob: '2003-08-09',
      },
      { profile, front, back },
    );
  }
}

async function typeDate(page: Page, ddmmyyyy: string) {
  const group = page.getByRole('group', { name: new RegExp(m.fields.dob) });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy);
}

test('students: add with identity images, find, page through, edit and validation', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await createStudentsViaApi(page, token, 12);

  // The list: heading, first page of ten, numbering from 1.
  await page.goto('/app/student');
  await expect(page.getByRole('heading', { name: m.heading })).toBeVisible();
  const table = page.getByRole('table', { name: m.heading });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
  await expectAccessible(page, 'student list');

  // Add a student with three images through the form.
  await page.getByRole('button', { name: m.addStudent }).click();
  await expect(page.getByRole('heading', { name: m.addTitle })).toBeVisible();
  await expectAccessible(page, 'add student form');
  const name = `Kavya${unique()}`;
  const number = aadhaar();
  await page.getByLabel(fieldLabel(m.fields.firstName)).fill(name);
  await page.getByLabel(fieldLabel(m.fields.lastName)).fill('Deshpande');
  await page.getByLabel(fieldLabel(m.fields.mobile)).fill(mobile(99));
  await page.getByLabel(fieldLabel(m.fields.email)).fill(`${name.toLowerCase()}@example.com`);
  await page.getByLabel(fieldLabel(m.fields.aadhaarNumber)).fill(number.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3'));
  await typeDate(page, '14022004');
  await page
    .getByLabel(m.fields.profile)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png('#8e24aa', 200, 200) });
  await page
    .getByLabel(m.fields.frontImage)
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await png('#00897b', 320, 200) });
  await page
    .getByLabel(m.fields.backImage)
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await png('#6d4c41', 320, 200) });
  await expect(imagePreviews(page)).toHaveCount(3);
  // The documents need the student's consent (issue 19: born 2004, the student's own).
  await page.getByRole('checkbox', { name: new RegExp(`^${privacyMessages.consent.student}`) }).check();
  await expectAccessible(page, 'add student form, filled');
  await page.getByRole('button', { name: m.create }).click();
  await expect(page.getByText(m.created)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/student$/);

  // Find them by a fragment of their name; their thumbnail loads through its signed URL.
  await page.getByRole('textbox', { name: m.searchPlaceholder }).fill(name.slice(2, 9).toUpperCase());
  await page.getByRole('button', { name: m.search, exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText(`${name} Deshpande`)).toBeVisible();
  await expect(row.getByText(m.kyc.pending)).toBeVisible();
  await expect(row.getByText(m.type.regular)).toBeVisible();
  await expectLoaded(row.getByRole('img', { name: `${name} Deshpande` }));

  // Mark them verified from the chip's menu.
  await row.getByRole('button', { name: new RegExp(`^${m.kycMenu}`) }).click();
  await expect(page.getByRole('menuitem', { name: m.markVerified })).toBeVisible();
  await expectAccessible(page, 'KYC menu');
  await page.getByRole('menuitem', { name: m.markVerified }).click();
  await expect(page.getByText(m.kycUpdated)).toBeVisible();
  await expect(row.getByText(m.kyc.verified)).toBeVisible();

  // Clear the search and page through: 13 students, the second page numbered 11 to 13.
  await page.getByRole('button', { name: m.clearSearch }).click();
  await expect(table.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: nextPage() }).click();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('11');
  await expect(table.getByRole('row').nth(3).getByRole('cell').first()).toHaveText('13');
  await page.getByRole('combobox', { name: new RegExp(m.rowsPerPage) }).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(table.getByRole('row')).toHaveCount(14);

  // Open the edit form: the stored images are previewed and the full Aadhaar number is there.
  await page.getByRole('button', { name: `${m.edit} ${name} Deshpande` }).click();
  await expect(page.getByRole('heading', { name: m.editTitle })).toBeVisible();
  await expect(page.getByLabel(fieldLabel(m.fields.firstName))).toHaveValue(name);
  await expect(page.getByLabel(fieldLabel(m.fields.aadhaarNumber))).toHaveValue(number);
  const previews = imagePreviews(page);
  await expect(previews).toHaveCount(3);
  for (const preview of await previews.all()) await expectLoaded(preview);
  await expectAccessible(page, 'edit student form');
  await page.getByLabel(fieldLabel(m.fields.lastName)).fill('Deshmukh');
  await page.getByRole('button', { name: m.update }).click();
  await expect(page.getByText(m.updated)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/student$/);
  await page.getByRole('textbox', { name: m.searchPlaceholder }).fill('deshmukh');
  await page.getByRole('textbox', { name: m.searchPlaceholder }).press('Enter');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(`${name} Deshmukh`)).toBeVisible();

  // An empty Add Student form shows the spec's messages and stays put.
  await page.getByRole('button', { name: m.addStudent }).click();
  await page.getByRole('button', { name: m.create }).click();
  for (const message of emptyFormMessages) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/app\/student\/addstudent$/);
  await expectAccessible(page, 'add student form with errors');
  await useDarkTheme(page);
  await page.getByRole('button', { name: m.create }).click();
  await expect(page.getByText(m.firstNameRequired, { exact: true })).toBeVisible();
  await expectAccessible(page, 'add student form with errors, dark');
  await page.getByRole('button', { name: m.cancel }).click();
  await expect(page).toHaveURL(/\/app\/student$/);
  await expect(table.getByRole('row')).toHaveCount(11);
  await expectAccessible(page, 'student list, dark');
});

test('a signed image link stops working once tampered with', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await createStudentsViaApi(page, token, 1);
  const list = await page.request.get('/api/user', { headers: { authorization: `Bearer ${token}` } });
  const [student] = (await list.json()).data.students;
  const good = await page.request.get(student.profile_thumb);
  expect(good.status()).toBe(200);
  expect(good.headers()['content-type']).toBe('image/webp');
  // Asked in the run's language, as the app asks: the refusal is in it.
  const tampered = await page.request.get(student.profile_thumb.replace(/sig=.{4}/, 'sig=AAAA'), {
    headers: { 'accept-language': currentLanguage() },
  });
  expect(tampered.status()).toBe(403);
  expect((await tampered.json()).message).toBe(m.fileLinkInvalid);
});

test('the Date of Birth can be typed after a failed save, in add and in edit', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  await createStudentsViaApi(page, token, 1);
  const group = page.getByRole('group', { name: new RegExp(m.fields.dob) });
  // The picker's hidden input holds what its sections show, as DD/MM/YYYY.
  const dob = () => group.locator('xpath=..').locator('input');

  await page.goto('/app/student/addstudent');
  await page.getByRole('button', { name: m.create }).click();
  await expect(page.getByText(m.dobRequired, { exact: true })).toBeVisible();
  await typeDate(page, '14082003');
  await expect(dob()).toHaveValue('14/08/2003');
  await expect(page.getByText(m.dobRequired, { exact: true })).toBeHidden();
  // A later change keeps the other sections.
  await group.getByRole('spinbutton').nth(1).click();
  await page.keyboard.type('09');
  await expect(dob()).toHaveValue('14/09/2003');

  // Edit: clear the date, fail to save, type it again.
  await page.goto('/app/student');
  await page
    .getByRole('button', { name: new RegExp(`^${m.edit} `) })
    .first()
    .click();
  await expect(dob()).toHaveValue('09/08/2003');
  await group.getByRole('spinbutton').first().click();
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Backspace');
    await page.keyboard.press('ArrowRight');
  }
  await page.getByRole('button', { name: m.update }).click();
  await expect(page.getByText(m.dobRequired, { exact: true })).toBeVisible();
  await typeDate(page, '21112001');
  await expect(dob()).toHaveValue('21/11/2001');
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type('05');
  await expect(dob()).toHaveValue('05/11/2001');
});
