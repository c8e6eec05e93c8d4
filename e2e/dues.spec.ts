import { expect, test, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { messages, todayIn, type DueGroup, type LibrarySettings } from '@app/shared';
import {
  createAreaWithSeats,
  expectAccessible,
  LibraryApi,
  newMobile,
  signUpViaApi,
  unique,
  useDarkTheme,
} from './support';

/**
 * Issue 13 as a new owner tries it: a price list and a UPI ID in Settings; Dues shows this
 * week's expiry, a lapsed plan and two half-paid ones; a WhatsApp reminder whose text names
 * the amount and carries the UPI link; the QR; the rest recorded as UPI with a UTR, the row
 * leaving Dues, and the same UTR refused. Then both screens light and dark, wide and narrow.
 * SCREENSHOTS=1 also saves them to docs/screenshots.
 */

const m = messages.dues;
const s = messages.settings;
const p = messages.payments;
const SHOTS = process.env.SCREENSHOTS === '1';
const UTR = `9${String(Date.now()).slice(-11)}`;
const VPA = 'gyandeep@okaxis';
const PAYEE = 'Gyan Deep Library';

const PRICES: LibrarySettings['price_list'] = [
  { duration: 1, is_reserved: false, window_hours: 6, price: 900 },
  { duration: 1, is_reserved: false, window_hours: null, price: 1200 },
  { duration: 1, is_reserved: true, window_hours: null, price: 1500 },
];

class Library extends LibraryApi {
  area(name: string, seats: number) {
    return createAreaWithSeats(this.request, this.token, name, seats);
  }

  student(firstName: string) {
    return this.addStudent(firstName, { mobile: newMobile('8'), colour: '#43a047' });
  }

  /** A one-month plan from `joining`, not reserved, agreed at `price` with `fee` paid. */
  async subscribe(studentId: string, joining: dayjs.Dayjs, window: [string, string], price: number, fee: number) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: studentId,
        joining_date: joining.format('YYYY-MM-DD'),
        start_time: window[0],
        end_time: window[1],
        duration: 1,
        is_reserved: false,
        price,
        fee,
        mode: 'Cash',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  async saveSettings(settings: LibrarySettings) {
    const response = await this.request.put('/api/settings', { headers: this.headers, data: settings });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/**
 * Asha's plan ends in two days (paid in full; her 6-hour window renews at ₹900), Kiran's
 * ended three days ago with ₹600 of ₹1,200 unpaid (₹600 + ₹1,200 to renew), Ravi paid ₹750
 * of ₹1,500 today.
 */
async function seedDues(library: Library) {
  await library.area('Hall A', 6);
  // The library's today (Asia/Kolkata): the server groups dues by it, not by the machine's UTC date.
  const today = dayjs(todayIn('Asia/Kolkata'));
  const asha = await library.student(`Asha${unique()}`);
  const kiran = await library.student(`Kiran${unique()}`);
  const ravi = await library.student(`Ravi${unique()}`);
  const ashaJoined = today.subtract(1, 'month').add(3, 'day');
  await library.subscribe(asha.id, ashaJoined, ['06:00', '12:00'], 1200, 1200);
  await library.subscribe(kiran.id, today.subtract(1, 'month').subtract(2, 'day'), ['14:00', '22:00'], 1200, 600);
  await library.subscribe(ravi.id, today, ['09:00', '17:00'], 1500, 750);
  // A plan's last day: a month on from the joining day, less one.
  const ashaExpiry = ashaJoined.add(1, 'month').subtract(1, 'day').format('DD/MM/YYYY');
  return { asha: { ...asha, expiry: ashaExpiry }, kiran, ravi };
}

/** Saves the page (only what is in view while a dialog is open: its backdrop covers only that). */
async function screenshot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage });
}

const groupCard = (page: Page, group: DueGroup) =>
  page.getByRole('button', { name: new RegExp(`^${m.groups[group]}`) });
const duesTable = (page: Page) => page.getByRole('table', { name: m.title });
const rowOf = (page: Page, name: string) => duesTable(page).getByRole('row').filter({ hasText: name });
/** The QR drawing in the Pay by UPI dialog. */
const qrDrawing = (dialog: Locator) => dialog.getByRole('img', { name: new RegExp(m.qr.title) }).locator('svg');
const priceRow = (page: Page, n: number) => page.getByRole('group', { name: s.priceList.row(n) });

async function openGroup(page: Page, group: DueGroup) {
  await groupCard(page, group).click();
  await expect(groupCard(page, group)).toHaveAttribute('aria-pressed', 'true');
  await expect(duesTable(page)).toHaveAttribute('aria-busy', 'false');
}

/** Records a UPI payment in the Record Payment dialog of `row`; answers the dialog. */
async function payByUpi(page: Page, row: Locator, utr: string) {
  await row.getByRole('button', { name: new RegExp(`^${m.recordPayment}`) }).click();
  const dialog = page.getByRole('dialog', { name: p.recordTitle });
  await dialog.getByRole('combobox', { name: new RegExp(p.mode) }).click();
  await page.getByRole('option', { name: 'UPI' }).click();
  await dialog.getByLabel(new RegExp(`^${p.reference}`)).fill(utr);
  await dialog.getByRole('button', { name: p.submit }).click();
  return dialog;
}

test('dues: a price list and UPI ID, the groups, a WhatsApp reminder, the QR, a UPI payment and a reused UTR', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { token } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  const { asha, kiran, ravi } = await seedDues(library);

  // Settings: the UPI ID, its payee name and three prices.
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
  await expect(page.getByText(s.priceList.empty)).toBeVisible();
  await page.getByLabel(s.upiId).fill(VPA);
  await page.getByLabel(s.payeeName).fill(PAYEE);
  for (const [index, price] of PRICES.entries()) {
    await page.getByRole('button', { name: s.priceList.add }).click();
    const row = priceRow(page, index + 1);
    await row.getByLabel(s.priceList.duration).fill(String(price.duration));
    await row.getByLabel(s.priceList.seat).selectOption(price.is_reserved ? 'reserved' : 'any');
    await row.getByLabel(s.priceList.windowHours).fill(price.window_hours ? String(price.window_hours) : '');
    await row.getByLabel(s.priceList.price).fill(String(price.price));
  }
  await expect(page.getByTestId('reminder-preview')).toContainText(`upi://pay?pa=${VPA}&pn=Gyan%20Deep%20Library`);
  await page.getByRole('button', { name: s.save }).click();
  await expect(page.getByText(s.saved)).toBeVisible();
  await expectAccessible(page, 'settings, saved');
  await page.reload();
  await expect(priceRow(page, 3).getByLabel(s.priceList.price)).toHaveValue('1500');

  // Dues: this week's expiry, the lapsed plan, two half-payments.
  await page.getByRole('navigation').getByRole('link', { name: messages.shell.dues }).click();
  await expect(page).toHaveURL(/\/app\/dues$/);
  await expect(groupCard(page, 'expiring')).toContainText(m.groupTotal(1, 900));
  await expect(groupCard(page, 'expired')).toContainText(m.groupTotal(1, 1800));
  await expect(groupCard(page, 'unpaid')).toContainText(m.groupTotal(2, 1350));
  await expect(groupCard(page, 'expiring')).toContainText(m.groupHelp.expiring(5));
  await expect(page.getByText(m.effectNone)).toBeVisible();
  await expect(rowOf(page, asha.name)).toContainText('6:00 AM–12:00 PM');
  await expect(rowOf(page, asha.name)).toContainText(asha.expiry);
  await expect(rowOf(page, asha.name)).toContainText('₹900.00');
  await expectAccessible(page, 'dues, expiring');
  await openGroup(page, 'expired');
  await expect(rowOf(page, kiran.name)).toContainText('₹1,800.00');
  await openGroup(page, 'unpaid');
  await expect(page).toHaveURL(/\?group=unpaid$/);
  await page.reload();
  await expect(groupCard(page, 'unpaid')).toHaveAttribute('aria-pressed', 'true');

  // Remind Ravi on WhatsApp: the chat opens with the amount and a UPI link for it.
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
  const raviRow = rowOf(page, ravi.name);
  await expect(raviRow).toContainText(m.notReminded);
  const [chat] = await Promise.all([
    page.waitForEvent('popup'),
    raviRow.getByRole('link', { name: `${m.remindWhatsApp}: ${ravi.name}` }).click(),
  ]);
  const opened = new URL(chat.url());
  expect(`${opened.origin}${opened.pathname}`).toBe(`https://wa.me/91${ravi.mobile}`);
  const text = opened.searchParams.get('text')!;
  expect(text).toContain('₹750.00 is due');
  const upi = /upi:\/\/pay\?\S+/.exec(text)?.[0] ?? '';
  expect(upi).toMatch(
    new RegExp(`^upi://pay\\?pa=${VPA}&pn=Gyan%20Deep%20Library&am=750\\.00&cu=INR&tn=[^&]+&tr=SL[0-9A-F]{16}\\d{8}B$`),
  );
  await chat.close();
  await expect(page.getByText(m.reminderRecorded)).toBeVisible();
  await expect(raviRow).toContainText(m.remindedAgo(0));
  expect(await raviRow.getByRole('link', { name: `${m.remindSms}: ${ravi.name}` }).getAttribute('href')).toBe(
    `sms:+91${ravi.mobile}?body=${encodeURIComponent(text)}`,
  );

  // The QR of the same link.
  await raviRow.getByRole('button', { name: `${m.showQr}: ${ravi.name}` }).click();
  const qr = page.getByRole('dialog', { name: new RegExp(m.qr.title) });
  await expect(qrDrawing(qr)).toBeVisible();
  await expect(qr).toContainText(m.qr.amount(750));
  await expect(qr).toContainText(m.qr.payee(PAYEE, VPA));
  await expect(qr.getByLabel(m.qr.link)).toHaveValue(upi);
  await expectAccessible(page, 'dues, UPI QR');
  await qr.getByRole('button', { name: messages.common.close }).click();
  await expect(qr).toBeHidden();

  // Ravi pays the rest by UPI: his due leaves at once.
  const paid = await payByUpi(page, raviRow, UTR);
  await expect(page.getByText(p.recorded)).toBeVisible();
  await expect(paid).toBeHidden();
  await expect(raviRow).toHaveCount(0);
  await expect(groupCard(page, 'unpaid')).toContainText(m.groupTotal(1, 600));

  // The same UTR for Kiran is refused, naming Ravi's payment.
  const refused = await payByUpi(page, rowOf(page, kiran.name), UTR);
  await expect(
    refused.getByText(new RegExp(`Reference ${UTR} was already recorded for ${ravi.name}’s payment of ₹750\\.00`)),
  ).toBeVisible();
  await expectAccessible(page, 'record payment, reused UTR');
  await refused.getByRole('button', { name: messages.common.cancel }).click();
  await expect(rowOf(page, kiran.name)).toContainText('₹600.00');

  // Ravi's payment is in today's day book.
  await page.goto('/app/day-book');
  await expect(page.getByRole('row').filter({ hasText: UTR })).toContainText(ravi.name);
});

test('dues and settings, light and dark, on a laptop and a phone', async ({ page }) => {
  test.setTimeout(240_000);
  const { token } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  const { ravi } = await seedDues(library);
  await library.saveSettings({
    upi_id: VPA,
    upi_payee_name: PAYEE,
    dues_expiring_days: 5,
    dues_grace_days: 7,
    reminder_template: s.defaultReminderTemplate,
    auto_push_reminders: true,
    price_list: PRICES,
  });
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: '' }));

  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await useDarkTheme(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app/settings');
    await expect(priceRow(page, 3)).toBeVisible();
    await expectAccessible(page, `settings, ${theme}`);
    await screenshot(page, `settings-${theme}`);

    await page.goto('/app/dues');
    await expect(duesTable(page).getByRole('row').nth(1)).toBeVisible();
    await expect(duesTable(page)).toHaveAttribute('aria-busy', 'false');
    await expectAccessible(page, `dues, ${theme}`);
    await screenshot(page, `dues-expiring-${theme}`);
    await openGroup(page, 'unpaid');
    // One reminded row, to show "reminded today" and its tooltip.
    const raviRow = rowOf(page, ravi.name);
    if (theme === 'light') {
      const [chat] = await Promise.all([
        page.waitForEvent('popup'),
        raviRow.getByRole('link', { name: new RegExp(`^${m.remindWhatsApp}`) }).click(),
      ]);
      await chat.close();
    }
    await expect(raviRow).toContainText(m.remindedAgo(0));
    await raviRow.getByText(m.remindedAgo(0)).hover();
    await expect(page.getByRole('tooltip').filter({ hasText: `${m.channels.whatsapp} by ` })).toBeVisible();
    await expectAccessible(page, `dues, unpaid, ${theme}`);
    await screenshot(page, `dues-unpaid-${theme}`);
    // The table fits beside the open sidebar, every action in view.
    const [scrollWidth, clientWidth] = await duesTable(page).evaluate((node) => [
      node.parentElement!.scrollWidth,
      node.parentElement!.clientWidth,
    ]);
    expect(scrollWidth, 'the dues table scrolls sideways at 1280px').toBeLessThanOrEqual(clientWidth);
    for (const action of await raviRow.getByRole('cell').last().locator('a, button').all()) {
      await expect(action).toBeInViewport({ ratio: 1 });
    }

    await raviRow.getByRole('button', { name: new RegExp(`^${m.showQr}`) }).click();
    const qr = page.getByRole('dialog', { name: new RegExp(m.qr.title) });
    await expect(qrDrawing(qr)).toBeVisible();
    await expectAccessible(page, `dues QR, ${theme}`);
    await screenshot(page, `dues-qr-${theme}`, false);
    await qr.getByRole('button', { name: messages.common.close }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/dues?group=unpaid');
    const cards = page.getByRole('list', { name: m.title });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table', { name: m.title })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const action of await cards.getByRole('listitem').first().locator('a, button').all()) {
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    await expectAccessible(page, `dues on a phone, ${theme}`);
    await screenshot(page, `dues-narrow-${theme}`);
    await cards
      .getByRole('button', { name: new RegExp(`^${m.showQr}`) })
      .first()
      .click();
    await expect(qrDrawing(page.getByRole('dialog', { name: new RegExp(m.qr.title) }))).toBeVisible();
    await screenshot(page, `dues-qr-narrow-${theme}`, false);

    await page.goto('/app/settings');
    await expect(priceRow(page, 3)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `settings on a phone, ${theme}`);
    await screenshot(page, `settings-narrow-${theme}`);
  }
});
