import { expect, test, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { dayPeriod, formatDateDMY, formatTime12h, formatWindow, messages, todayIn } from '@app/shared';
import {
  createAreaWithSeats,
  LibraryApi,
  expectAccessible,
  newMobile,
  signUpViaApi,
  unique,
  useDarkTheme,
} from './support';

const m = messages.subscriptions;

const mobile = () => newMobile('7');

class Library extends LibraryApi {
  /** An active area with `seats` generated seats. */
  area(name: string, seats: number) {
    return createAreaWithSeats(this.request, this.token, name, seats);
  }

  /** A student with the three identity images the form requires. */
  student(firstName: string) {
    return this.addStudent(firstName, { mobile: mobile(), colour: '#1e88e5' });
  }

  async subscribe(studentId: string, window: { start: string; end: string }) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: studentId,
        joining_date: todayIn('Asia/Kolkata'),
        start_time: window.start,
        end_time: window.end,
        duration: 1,
        is_reserved: false,
        fee: 1000,
        mode: 'Cash',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Types a time into a 12-hour picker: its hour, minute and AM/PM sections in turn. */
async function typeTime(dialog: Locator, label: string, time: string) {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) throw new Error(`not a time: ${time}`);
  const [, hour = '', minute = '', meridiem = ''] = match;
  const group = dialog.getByRole('group', { name: new RegExp(label) });
  await group.getByRole('spinbutton').first().click();
  await dialog.page().keyboard.type(`${hour.padStart(2, '0')}${minute}${meridiem[0]}`);
}

async function openAdd(page: Page) {
  await page.getByRole('button', { name: m.addSubscription }).click();
  const dialog = page.getByRole('dialog', { name: m.addTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseStudent(dialog: Locator, student: { mobile: string; name: string }) {
  await dialog.getByLabel(new RegExp(m.fields.mobile)).fill(student.mobile);
  await expect(dialog.getByText(student.name)).toBeVisible();
}

async function fillPayment(dialog: Locator, fee: string, months: string) {
  await dialog.getByLabel(new RegExp(m.fields.fee)).fill(fee);
  await dialog.getByLabel(new RegExp(m.fields.duration)).fill(months);
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: m.heading }).getByRole('row').filter({ hasText: name });

/** The library's today (Asia/Kolkata, the default): the app counts plans from it, not from the machine's UTC date. */
const libraryToday = () => dayjs(todayIn('Asia/Kolkata'));

const expiryAfter = (months: number, from = libraryToday()) =>
  formatDateDMY(from.add(months, 'month').subtract(1, 'day').format('YYYY-MM-DD'));

/** A plan's timing as the list shows it (`6:00 AM - 2:00 PM`, in the page's language), from `HH:mm` times. */
const timing = (start: string, end: string) => `${formatTime12h(start)} - ${formatTime12h(end)}`;

test('subscriptions: add non-reserved and reserved, renew, change the time', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  await library.area('Hall A', 3);
  const asha = await library.student(`Asha${unique()}`);
  const vikram = await library.student(`Vikram${unique()}`);

  await page.goto('/app/subscription');
  await expect(page.getByRole('heading', { name: m.heading })).toBeVisible();
  await expect(page.getByText(m.empty)).toBeVisible();
  await expectAccessible(page, 'subscriptions, empty');

  // Validation: an empty form says what is missing; an unknown mobile says so on the field.
  let dialog = await openAdd(page);
  await expectAccessible(page, 'add subscription dialog');
  await dialog.getByRole('button', { name: m.createSubmit }).click();
  for (const text of [m.mobileRequired, m.startTimeRequired, m.endTimeRequired, m.feeRequired, m.durationRequired]) {
    await expect(dialog.getByText(text)).toBeVisible();
  }
  await dialog.getByRole('button', { name: m.checkAvailability }).click();
  await expect(dialog.getByText(m.timesRequiredForAvailability)).toBeVisible();
  await expectAccessible(page, 'add subscription dialog with errors');
  await dialog.getByLabel(new RegExp(m.fields.mobile)).fill('9000000001');
  await expect(dialog.getByText(messages.students.mobileNotFound)).toBeVisible();
  await expectAccessible(page, 'add subscription dialog, unknown mobile');

  // A non-reserved subscription for Asha, 6 AM to 2 PM.
  await dialog.getByLabel(new RegExp(m.fields.mobile)).fill('');
  await chooseStudent(dialog, asha);
  await typeTime(dialog, m.fields.startTime, '6:00 AM');
  await typeTime(dialog, m.fields.endTime, '2:00 PM');
  await fillPayment(dialog, '1200', '1');
  await dialog.getByRole('button', { name: m.createSubmit }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  await expect(dialog).toBeHidden();
  const ashaRow = rowOf(page, asha.name);
  await expect(ashaRow).toContainText(asha.mobile);
  await expect(ashaRow).toContainText(timing('06:00', '14:00'));
  await expect(ashaRow.getByRole('cell').nth(4)).toHaveText(m.notReserved);
  await expect(ashaRow).toContainText(expiryAfter(1));
  await expect(ashaRow.getByRole('cell').nth(6)).toHaveText(
    new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{1,2}:\\d{2} (${dayPeriod(0)}|${dayPeriod(12)})$`),
  );
  await expect(ashaRow.getByRole('cell').first()).toHaveText('1');

  // A reserved one for Vikram: check availability, then choose a seat.
  dialog = await openAdd(page);
  await chooseStudent(dialog, vikram);
  await typeTime(dialog, m.fields.startTime, '10:00 AM');
  await typeTime(dialog, m.fields.endTime, '6:00 PM');
  await dialog.getByLabel(m.fields.reserved, { exact: true }).check();
  await fillPayment(dialog, '1500.50', '3');
  await dialog.getByRole('button', { name: m.createSubmit }).click();
  await expect(dialog.getByText(m.reservedSeatRequired)).toBeVisible();
  await dialog.getByRole('button', { name: m.checkAvailability }).click();
  await expect(dialog.getByText(m.seatsAvailable(2))).toBeVisible();
  await expectAccessible(page, 'add subscription dialog, reserved with seats available');
  await dialog.getByRole('combobox', { name: new RegExp(m.fields.reservedSeat) }).click();
  const seatOption = page.getByRole('option').first();
  await expect(seatOption).toBeVisible();
  await expectAccessible(page, 'reserved seat options');
  const seatLabel = (await seatOption.textContent()) ?? '';
  expect(seatLabel).toMatch(/\(Hall A\)$/);
  await seatOption.click();
  await dialog.getByRole('button', { name: m.createSubmit }).click();
  await expect(dialog).toBeHidden();
  const vikramRow = rowOf(page, vikram.name);
  await expect(vikramRow.getByRole('cell').nth(4)).toContainText(seatLabel.replace(/ \(Hall A\)$/, ''));
  await expect(vikramRow).toContainText(timing('10:00', '18:00'));
  await expect(vikramRow).toContainText(expiryAfter(3));
  await expectAccessible(page, 'subscriptions list');

  // Renew Asha for two more months: the plan goes on from the day after its expiry.
  await ashaRow.getByRole('button', { name: `${m.renew}: ${asha.name}` }).click();
  dialog = page.getByRole('dialog', { name: m.renewTitle });
  await expect(dialog).toContainText(expiryAfter(1));
  await dialog.getByRole('button', { name: m.renewSubmit }).click();
  await expect(dialog.getByText(m.feeRequired)).toBeVisible();
  await expectAccessible(page, 'renew dialog with errors');
  await fillPayment(dialog, '2400', '2');
  await dialog.getByLabel(new RegExp(m.fields.mode)).click();
  await page.getByRole('option', { name: messages.payments.modes.UPI }).click();
  const renewedUntil = expiryAfter(2, libraryToday().add(1, 'month'));
  await expect(dialog.getByText(m.newExpiry(renewedUntil))).toBeVisible();
  await expectAccessible(page, 'renew dialog, filled');
  await dialog.getByRole('button', { name: m.renewSubmit }).click();
  await expect(page.getByText(m.renewed)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(ashaRow).toContainText(renewedUntil);

  // Move Asha to 8 AM – 4 PM.
  await ashaRow.getByRole('button', { name: `${m.edit}: ${asha.name}` }).click();
  dialog = page.getByRole('dialog', { name: m.updateTitle });
  await expect(dialog.getByLabel(new RegExp(m.fields.mobile))).toHaveValue(asha.mobile);
  await expect(dialog.getByLabel(new RegExp(m.fields.mobile))).toHaveAttribute('readonly', '');
  await expectAccessible(page, 'update subscription dialog');
  await typeTime(dialog, m.fields.startTime, '8:00 AM');
  await typeTime(dialog, m.fields.endTime, '4:00 PM');
  await dialog.getByRole('button', { name: m.checkAvailability }).click();
  await expect(dialog.getByText(m.seatsAvailable(2))).toBeVisible();
  await expectAccessible(page, 'update subscription dialog, times changed');
  await dialog.getByRole('button', { name: m.updateSubmit }).click();
  await expect(page.getByText(m.updatedServer)).toBeVisible();
  await expect(ashaRow).toContainText(timing('08:00', '16:00'));

  // The search asks the server for a student by name or mobile.
  await page.getByPlaceholder(m.searchPlaceholder).fill(vikram.mobile);
  await expect(page.getByRole('table', { name: m.heading }).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, vikram.name)).toBeVisible();
  await expectAccessible(page, 'subscriptions search');

  // Dark: the list and the add dialog.
  await useDarkTheme(page);
  await expect(rowOf(page, asha.name)).toBeVisible();
  await expectAccessible(page, 'subscriptions list, dark');
  dialog = await openAdd(page);
  await dialog.getByRole('button', { name: m.createSubmit }).click();
  await expect(dialog.getByText(m.mobileRequired)).toBeVisible();
  await expectAccessible(page, 'add subscription dialog with errors, dark');
  await chooseStudent(dialog, asha);
  await expectAccessible(page, 'add subscription dialog with a student, dark');
});

test('subscriptions: a full pool answers 409 naming the window', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  await library.area('Single Room', 1);
  const first = await library.student(`Meera${unique()}`);
  const second = await library.student(`Kabir${unique()}`);
  await library.subscribe(first.id, { start: '06:00', end: '14:00' });

  await page.goto('/app/subscription');
  await expect(rowOf(page, first.name)).toBeVisible();
  const dialog = await openAdd(page);
  await chooseStudent(dialog, second);
  await typeTime(dialog, m.fields.startTime, '9:00 AM');
  await typeTime(dialog, m.fields.endTime, '1:00 PM');
  await dialog.getByRole('button', { name: m.checkAvailability }).click();
  await expect(dialog.getByText(m.noSeatsAvailable)).toBeVisible();
  await expectAccessible(page, 'add subscription dialog, no seats');
  await fillPayment(dialog, '900', '1');
  await dialog.getByRole('button', { name: m.createSubmit }).click();
  await expect(
    page.getByText(m.poolFull(formatWindow('09:00', '13:00'), formatDateDMY(todayIn('Asia/Kolkata')), expiryAfter(1))),
  ).toBeVisible();
  // The dialog stays open with what was typed, so the owner can change the time.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: m.createSubmit })).toBeEnabled();
});
