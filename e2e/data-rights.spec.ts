import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  AUDIT_ACTION_LABELS,
  formatDateDMY,
  formatRupees,
  formatWindow,
  messages,
  studentExportSchema,
  todayIn,
  wallClockIn,
  privacyMessages,
} from '@app/shared';
import {
  createAreaWithSeats,
  expectAccessible,
  LibraryApi,
  newAadhaar,
  newMobile,
  png,
  signUpViaApi,
  unique,
} from './support';

/**
 * Data rights (issue 19) as an owner meets them: a new student added with their documents and
 * the consent they need (a parent's or guardian's for a student under 18), given a plan and a
 * payment, then marked as left: gone from Members, found under Left, their payment still in the
 * fee report. Erasing now is refused while a plan runs, naming it; for a student whose plan has
 * ended it works, and the images' signed links answer 404 and their files leave the server's
 * data directory. Another student's data downloaded as JSON and as a readable page, and read.
 * The activity screen shows consent, leaving, export and erasure. Then the new screens and
 * dialogs light and dark, wide and narrow, axe on each. SCREENSHOTS=1 also saves them to
 * docs/screenshots/data-rights-*.
 */

const s = messages.students;
const pv = privacyMessages;
const f = messages.fees;
const SHOTS = process.env.SCREENSHOTS === '1';
const TIME_ZONE = 'Asia/Kolkata';
/** Where the e2e server keeps its uploads (playwright.config.ts: DATA_DIR=.data-e2e-<port>, local disk). */
const UPLOADS = path.resolve(`.data-e2e-${process.env.E2E_PORT ?? 3199}`, 'uploads');
const OWNER = 'Ravi Kumar';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);

/**
 * A daily window around the library's present hour: from the hour before (midnight at the
 * earliest, so it began today, when the plan runs) to three hours on (past midnight it wraps).
 */
function windowAroundNow() {
  const hour = Math.floor(wallClockIn(TIME_ZONE).minute / 60);
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return { start_time: at(Math.max(0, hour - 1)), end_time: at(hour + 3) };
}

/** `YYYY-MM-DD` `months` months before today on the library's calendar (day 1, so it always exists). */
function monthsAgo(months: number): string {
  const [year, month] = todayIn(TIME_ZONE).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

interface Plan {
  joining_date: string;
  start_time: string;
  end_time: string;
  fee: number;
  mode?: string;
  reference?: string;
}

class Library extends LibraryApi {
  student(firstName: string, lastName: string, dob = '2001-06-15') {
    return this.addStudent(firstName, { lastName, dob, colour: '#5e35b1', size: [96, 96] });
  }

  /** A one-month plan on any free seat, paid in full. */
  async subscribe(studentId: string, plan: Plan) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: { student_id: studentId, duration: 1, is_reserved: false, mode: 'Cash', ...plan },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data as { id: string; plan_expires_at: string };
  }

  async post(url: string, data?: unknown) {
    const response = await this.request.post(url, { headers: this.headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json()).data;
  }

  async get<T>(url: string): Promise<T> {
    const response = await this.request.get(url, { headers: this.headers });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
    return (await response.json()).data as T;
  }

  async findId(search: string) {
    const list = await this.get<{ students: { id: string }[] }>(
      `/api/user?search=${encodeURIComponent(search)}&state=active`,
    );
    expect(list.students).toHaveLength(1);
    return list.students[0]!.id;
  }
}

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `docs/screenshots/data-rights-${name}.png`, fullPage: true });
}

/** The student's row on a wide screen, their card on a phone. */
const studentEntry = (page: Page, name: string) =>
  page
    .getByRole('table', { name: s.heading })
    .getByRole('row')
    .or(page.getByRole('list', { name: s.heading }).getByRole('listitem'))
    .filter({ hasText: name });

const action = (entry: Locator, label: string, name: string) =>
  entry.getByRole('button', { name: `${label}: ${name}`, exact: true });

async function typeDate(page: Page, ddmmyyyy: string) {
  const group = page.getByRole('group', { name: /Date of Birth/ });
  await group.getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy);
}

/** At 1280 px the list's table (with its actions) fits: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page
    .getByRole('table', { name: s.heading })
    .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  expect.soft(overflow, 'the student table scrolls sideways at 1280 px').toBeLessThanOrEqual(0);
}

/** The Members / Left toggle. */
async function show(page: Page, which: 'active' | 'left') {
  await page
    .getByRole('group', { name: pv.leave.listFilter })
    .getByRole('button', { name: which === 'left' ? pv.leave.listLeft : pv.leave.listActive, exact: true })
    .click();
}

/** Fills the student form's fields and images, the consent left to the caller. */
async function fillStudentForm(page: Page, firstName: string, dob: string) {
  await page.getByLabel(/^First Name/).fill(firstName);
  await page.getByLabel(/^Last Name/).fill('Verma');
  await page.getByLabel(/^Mobile/).fill(newMobile('7'));
  await page.getByLabel(/^Email/).fill(`${firstName.toLowerCase()}@example.com`);
  await page.getByLabel(/^Aadhaar Number/).fill(newAadhaar('4'));
  await typeDate(page, dob);
  await page
    .getByLabel(s.fields.profile)
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png('#8e24aa', 200, 200) });
  await page
    .getByLabel(s.fields.frontImage)
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await png('#00897b', 320, 200) });
  await page
    .getByLabel(s.fields.backImage)
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await png('#6d4c41', 320, 200) });
}

/** The Aadhaar number and images a student detail answers, as signed links. */
interface Identity {
  aadhaar_number: string;
  profile: string | null;
  profile_thumb: string | null;
  front_image: string | null;
  back_image: string | null;
  consent: { given_by: string; recorded_by_name: string | null; notice: string } | null;
  documents_erased_at: string | null;
}

test('data rights: consent at collection, leaving, erasure now, an export read, and the record', async ({ page }) => {
  test.setTimeout(300_000);
  const { token, body } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  const today = todayIn(TIME_ZONE);
  await createAreaWithSeats(page.request, token, 'Hall A', 4);

  // Set up through the API (not under test): Kabir, a member whose data is exported later:
  // a plan running now, paid by UPI, one visit, one notification (its title tries markup).
  const kabir = await library.student(`Kabir${unique().slice(0, 4)}`, 'Rao');
  await library.subscribe(kabir.id, {
    joining_date: today,
    ...windowAroundNow(),
    fee: 1200,
    mode: 'UPI',
    reference: `4${String(Date.now()).slice(-11)}`,
  });
  const visit = await library.post('/api/attendance/check', { mobile: kabir.mobile });
  expect(visit.outcome, JSON.stringify(visit)).toBe('in');
  const notice = { title: 'Closed <b>Sunday</b> & Monday', body: 'Diwali: the hall opens again on Tuesday.' };
  await library.post('/api/admin/sendFCMNotificationToAllUsers', { ...notice, premiumOnly: false });
  // Dev, who left while his plan still runs.
  const dev = await library.student(`Dev${unique().slice(0, 4)}`, 'Sharma');
  const devPlan = await library.subscribe(dev.id, {
    joining_date: today,
    start_time: '06:00',
    end_time: '14:00',
    fee: 800,
  });
  await library.post(`/api/user/${dev.id}/leave`);

  // Add Asha through the form: the consent box follows the typed date of birth.
  const asha = { first: `Asha${unique().slice(0, 4)}`, name: '' };
  asha.name = `${asha.first} Verma`;
  await page.goto('/app/student/addstudent');
  await expect(page.getByRole('heading', { name: s.addTitle })).toBeVisible();
  await fillStudentForm(page, asha.first, '14022004');
  const consentFor = (who: 'student' | 'guardian') => page.getByRole('checkbox', { name: startsWith(pv.consent[who]) });
  await expect(consentFor('student')).toBeVisible();
  // Born in 2012: a parent or guardian must agree.
  await typeDate(page, `1402${Number(today.slice(0, 4)) - 14}`);
  await expect(consentFor('guardian')).toBeVisible();
  await expect(consentFor('student')).toHaveCount(0);
  // Without the box ticked the form says what is missing and stays.
  await page.getByRole('button', { name: s.create }).click();
  await expect(page.getByText(pv.consent.required, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/student\/addstudent$/);
  // The notice, the library's default until the owner writes one.
  await page.getByRole('button', { name: pv.consent.showNotice }).click();
  await expect(page.getByText(pv.defaultNotice(body.library_name, 90))).toBeVisible();
  await consentFor('guardian').check();
  await expectAccessible(page, 'student form with the consent');
  await screenshot(page, 'form-consent-light-1280');
  await page.getByRole('button', { name: s.create }).click();
  await expect(page.getByText(s.created)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/student$/);

  // The consent is on record, given by a guardian, recorded by the owner, with the notice shown.
  const ashaId = await library.findId(asha.first);
  const recorded = await library.get<Identity>(`/api/user/${ashaId}`);
  expect(recorded.consent).toMatchObject({
    given_by: 'guardian',
    recorded_by_name: OWNER,
    notice: pv.defaultNotice(body.library_name, 90),
  });

  // A plan that ran two months ago and ended, with its payment.
  await library.subscribe(ashaId, {
    joining_date: monthsAgo(3),
    start_time: '14:00',
    end_time: '20:00',
    fee: 950,
  });

  // Mark her as left from the list: the dialog says what stays and when the documents go.
  await page.reload();
  const ashaEntry = studentEntry(page, asha.name);
  await action(ashaEntry, pv.leave.action, asha.name).click();
  const leaveDialog = page.getByRole('dialog', { name: pv.leave.confirmTitle });
  await expect(leaveDialog).toContainText(pv.leave.confirmBody);
  await expect(leaveDialog).toContainText(pv.leave.erasureNote(90));
  await expectAccessible(page, 'mark as left dialog');
  await screenshot(page, 'leave-dialog-light-1280');
  await leaveDialog.getByRole('button', { name: pv.leave.confirm, exact: true }).click();
  await expect(page.getByText(pv.leave.done)).toBeVisible();
  await expect(leaveDialog).toBeHidden();

  // Gone from Members (Kabir stays), there under Left with the chip, the choice in the URL.
  await expect(ashaEntry).toHaveCount(0);
  await expect(studentEntry(page, kabir.name)).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await show(page, 'left');
  await expect(page).toHaveURL(/[?&]state=left/);
  await expect(ashaEntry).toHaveCount(1);
  await expect(ashaEntry.getByText(pv.leave.statusLabel.left!, { exact: true })).toBeVisible();
  await expect(studentEntry(page, dev.name)).toHaveCount(1);
  await expect(studentEntry(page, kabir.name)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, 'students who left');
  await screenshot(page, 'left-list-light-1280');

  // She cannot be booked.
  const booking = await page.request.post('/api/subscription', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      student_id: ashaId,
      joining_date: today,
      start_time: '14:00',
      end_time: '20:00',
      duration: 1,
      is_reserved: false,
      fee: 950,
      mode: 'Cash',
    },
  });
  expect(booking.status()).toBe(422);
  expect((await booking.json()).message).toBe(pv.leave.cannotBook);

  // Her payment stays in the fee report.
  await page.goto('/app/fee-report');
  const fees = page.getByRole('table', { name: f.title });
  await page.getByRole('textbox', { name: f.searchPlaceholder }).fill(asha.first);
  await page.getByRole('textbox', { name: f.searchPlaceholder }).press('Enter');
  await expect(fees.getByRole('row').filter({ hasText: asha.name })).toContainText(formatRupees(950));

  // Erasing Dev's documents now is refused while his plan runs, naming it.
  await page.goto('/app/student?state=left');
  await action(studentEntry(page, dev.name), pv.erase.action, dev.name).click();
  const eraseDialog = page.getByRole('dialog', { name: pv.erase.confirmTitle });
  await expect(eraseDialog).toContainText(pv.erase.confirmBody);
  await expectAccessible(page, 'erase documents dialog');
  await screenshot(page, 'erase-dialog-light-1280');
  await eraseDialog.getByRole('button', { name: pv.erase.confirm, exact: true }).click();
  const refusal = pv.erase.activeSubscription(
    `${pv.erase.anySeat}, ${formatWindow('06:00', '14:00')}`,
    formatDateDMY(devPlan.plan_expires_at),
  );
  await expect(page.getByText(refusal)).toBeVisible();
  await expectAccessible(page, 'erase refused');
  await screenshot(page, 'erase-refused-light-1280');
  if (await eraseDialog.isVisible()) await eraseDialog.getByRole('button', { name: messages.common.cancel }).click();
  await expect(eraseDialog).toBeHidden();

  // Asha's plan ended: her images are served now, their files on disk.
  const before = await library.get<Identity>(`/api/user/${ashaId}`);
  const links = [before.profile, before.profile_thumb, before.front_image, before.back_image];
  expect(links.every(Boolean), JSON.stringify(links)).toBe(true);
  const files = links.map((link) =>
    path.join(UPLOADS, decodeURIComponent(new URL(link!, 'http://x').pathname.replace(/^\/api\/files\//, ''))),
  );
  for (const link of links) expect((await page.request.get(link!)).status(), link!).toBe(200);
  for (const file of files) expect(fs.existsSync(file), file).toBe(true);

  // Erase them now.
  await action(studentEntry(page, asha.name), pv.erase.action, asha.name).click();
  await eraseDialog.getByRole('button', { name: pv.erase.confirm, exact: true }).click();
  await expect(page.getByText(pv.erase.done)).toBeVisible();
  await expect(eraseDialog).toBeHidden();
  await expect(action(studentEntry(page, asha.name), pv.erase.action, asha.name)).toHaveCount(0);

  // The links answer 404, the files are gone, the record keeps no Aadhaar number or images.
  for (const link of links) {
    const gone = await page.request.get(link!);
    expect(gone.status(), link!).toBe(404);
  }
  for (const file of files) await expect.poll(() => fs.existsSync(file), { message: file }).toBe(false);
  const after = await library.get<Identity>(`/api/user/${ashaId}`);
  expect(after).toMatchObject({
    aadhaar_number: '',
    profile: null,
    profile_thumb: null,
    front_image: null,
    back_image: null,
  });
  expect(after.documents_erased_at).not.toBeNull();
  // Her edit screen says so.
  await page.goto(`/app/student/addstudent/${encodeURIComponent(ashaId)}`);
  await expect(page.getByText(pv.erase.erasedOn(formatDateDMY(today)))).toBeVisible();
  await expectAccessible(page, 'edit screen of a student whose documents were erased');
  await screenshot(page, 'erased-student-light-1280');

  // Download Kabir's data: the JSON file, read.
  await page.goto('/app/student');
  const kabirEntry = studentEntry(page, kabir.name);
  await action(kabirEntry, pv.exportData.action, kabir.name).click();
  await expect(page.getByRole('menuitem', { name: pv.exportData.json })).toBeVisible();
  await expectAccessible(page, 'download their data menu');
  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: pv.exportData.json }).click();
  const json = await jsonDownload;
  const fileName = (extension: string) =>
    new RegExp(`^student-${kabir.name.replace(' ', '-')}-${today}\\.${extension}$`, 'i');
  expect(json.suggestedFilename()).toMatch(fileName('json'));
  const data = studentExportSchema.parse(JSON.parse(fs.readFileSync((await json.path())!, 'utf8')));
  expect(data.library.name).toBe(body.library_name);
  expect(data.profile).toMatchObject({
    first_name: kabir.name.split(' ')[0],
    last_name: 'Rao',
    mobile: kabir.mobile,
    status: 'active',
    left_at: null,
    documents_erased_at: null,
  });
  expect(data.profile.aadhaar_number).toMatch(/^XXXX XXXX \d{4}$/);
  expect(data.consent).toMatchObject({ given_by: 'student', recorded_by_name: OWNER });
  expect(data.subscriptions).toHaveLength(1);
  expect(data.subscriptions[0]).toMatchObject({ seat: null, start_date: today, price: 1200 });
  expect(data.payments).toEqual([expect.objectContaining({ amount: 1200, mode: 'UPI', voided: false })]);
  expect(data.payments[0]!.receipt_no).toBeTruthy();
  expect(data.attendance).toHaveLength(1);
  expect(data.notifications).toEqual([expect.objectContaining({ title: notice.title, message: notice.body })]);
  // Nobody else's data.
  expect(JSON.stringify(data)).not.toContain(asha.first);
  expect(JSON.stringify(data)).not.toContain(dev.name);
  await expect(page.getByText(pv.exportData.done)).toBeVisible();

  // The readable page: the same sections, the notification's markup shown as text.
  await action(kabirEntry, pv.exportData.action, kabir.name).click();
  const htmlDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: pv.exportData.html }).click();
  const html = await htmlDownload;
  expect(html.suggestedFilename()).toMatch(fileName('html'));
  const readable = fs.readFileSync((await html.path())!, 'utf8');
  expect(readable).not.toContain('<b>Sunday</b>');
  expect(readable).not.toMatch(/<script/i);
  const reader = await page.context().newPage();
  await reader.setContent(readable);
  await expect(reader.getByRole('heading', { name: pv.exportData.title(kabir.name) })).toBeVisible();
  for (const section of Object.values(pv.exportData.sections)) {
    await expect(reader.getByRole('heading', { name: section, exact: true })).toBeVisible();
  }
  await expect(reader.getByText(kabir.mobile).first()).toBeVisible();
  await expect(reader.getByText(notice.title).first()).toBeVisible();
  await expect(reader.getByText(formatRupees(1200)).first()).toBeVisible();
  await expectAccessible(reader, 'the readable export');
  await screenshot(reader, 'export-light-1280');

  // The activity screen: consent, leaving, exports and the erasure, never the data itself.
  await page.goto('/app/activity');
  const activity = page.getByRole('table', { name: messages.audit.heading });
  const entries = activity.locator('tbody tr');
  await expect(entries.filter({ hasText: AUDIT_ACTION_LABELS['student.erase']! })).toContainText(
    pv.erase.auditDetail('request', false),
  );
  await expectAccessible(page, 'activity with data rights');
  await screenshot(page, 'activity-light-1280');
  // By action: three consents (Kabir's, Dev's and Asha's), two leavings, two exports, one erasure.
  for (const [key, count] of [
    ['student.consent', 3],
    ['student.leave', 2],
    ['student.export', 2],
    ['student.erase', 1],
  ] as const) {
    await page.getByRole('combobox', { name: messages.audit.actionFilter }).click();
    await page.getByRole('option', { name: AUDIT_ACTION_LABELS[key], exact: true }).click();
    await expect(entries).toHaveCount(count);
    for (const entry of await entries.all()) await expect(entry).toContainText(AUDIT_ACTION_LABELS[key]!);
    await expect(activity).not.toContainText(before.aadhaar_number);
  }
  await expect(entries.first()).toContainText(ashaId.slice(0, 8));

  // Dark, wide and narrow: the form's consent, the Left list, the dialogs, the export page, the activity.
  for (const [theme, width] of [
    ['dark', 1280],
    ['light', 390],
    ['dark', 390],
  ] as const) {
    const variant = `${theme}, ${width} px`;
    const suffix = `${theme}-${width}`;
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await reader.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);

    await page.goto('/app/student/addstudent');
    await typeDate(page, `1402${Number(today.slice(0, 4)) - 14}`);
    await expect(consentFor('guardian')).toBeVisible();
    await page.getByRole('button', { name: pv.consent.showNotice }).click();
    await expect(page.getByText(pv.defaultNotice(body.library_name, 90))).toBeVisible();
    await expectAccessible(page, `student form with the consent, ${variant}`);
    await screenshot(page, `form-consent-${suffix}`);

    await page.goto(`/app/student/addstudent/${encodeURIComponent(ashaId)}`);
    await expect(page.getByText(pv.erase.erasedOn(formatDateDMY(today)))).toBeVisible();
    await expectAccessible(page, `edit screen of a student whose documents were erased, ${variant}`);
    await screenshot(page, `erased-student-${suffix}`);

    await page.goto('/app/student?state=left');
    await expect(studentEntry(page, asha.name)).toHaveCount(1);
    await expect(studentEntry(page, dev.name)).toHaveCount(1);
    if (width === 390) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } else {
      await expectNoSidewaysScroll(page);
    }
    await expectAccessible(page, `students who left, ${variant}`);
    await screenshot(page, `left-list-${suffix}`);

    await action(studentEntry(page, dev.name), pv.erase.action, dev.name).click();
    await expect(eraseDialog).toBeVisible();
    // On a phone the dialog's Erase lands under the pointer that opened it: no hover in the shot.
    await page.mouse.move(0, 0);
    await expectAccessible(page, `erase documents dialog, ${variant}`);
    await screenshot(page, `erase-dialog-${suffix}`);
    await eraseDialog.getByRole('button', { name: messages.common.cancel }).click();
    await expect(eraseDialog).toBeHidden();

    await page.goto('/app/student');
    await action(studentEntry(page, kabir.name), pv.leave.action, kabir.name).click();
    await expect(leaveDialog).toBeVisible();
    await page.mouse.move(0, 0);
    await expectAccessible(page, `mark as left dialog, ${variant}`);
    await screenshot(page, `leave-dialog-${suffix}`);
    await leaveDialog.getByRole('button', { name: messages.common.cancel }).click();
    await expect(leaveDialog).toBeHidden();

    // The readable page is a printable document with one (light) look: on a phone once.
    if (theme === 'light') {
      await reader.setContent(readable);
      await expect(reader.getByRole('heading', { name: pv.exportData.title(kabir.name) })).toBeVisible();
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(reader, `the readable export, ${variant}`);
      await screenshot(reader, `export-${suffix}`);
    }

    await page.goto('/app/activity');
    await expect(page.getByText(AUDIT_ACTION_LABELS['student.erase']!).first()).toBeVisible();
    await expectAccessible(page, `activity with data rights, ${variant}`);
    await screenshot(page, `activity-${suffix}`);
  }
});
