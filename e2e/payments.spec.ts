import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatRupees, messages, todayIn, type LibrarySettings } from '@app/shared';
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
 * Payments in the web app (issue 13) as an owner meets them: a price list set, a new
 * subscription whose price the dialog fills in from it, half paid now; the row's balance;
 * the rest recorded as UPI with its UTR; the day book by mode and by who collected; the
 * same UTR refused; the dashboard's Dues outstanding card leading to Dues. Then the
 * screens light and dark, wide and narrow. SCREENSHOTS=1 also saves them to docs/screenshots.
 */

const m = messages.subscriptions;
const p = messages.payments;
const d = messages.dues;
const SHOTS = process.env.SCREENSHOTS === '1';
const UTR = `8${String(Date.now()).slice(-11)}`;

const PRICES: LibrarySettings['price_list'] = [
  { duration: 1, is_reserved: false, window_hours: 6, price: 1000 },
  { duration: 1, is_reserved: false, window_hours: null, price: 1500 },
  { duration: 3, is_reserved: false, window_hours: null, price: 4000 },
];

class Library extends LibraryApi {
  student(firstName: string) {
    return this.addStudent(firstName, {
      lastName: 'Rao',
      mobile: newMobile('6'),
      dob: '2002-03-04',
      colour: '#8e24aa',
    });
  }

  async setPriceList(priceList: LibrarySettings['price_list']) {
    const current = await this.request.get('/api/settings', { headers: this.headers });
    expect(current.status(), await current.text()).toBe(200);
    const { updated_at: _updatedAt, ...settings } = (await current.json()).data;
    const saved = await this.request.put('/api/settings', {
      headers: this.headers,
      data: { ...settings, price_list: priceList },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

/** Types a time into a 12-hour picker: its hour, minute and AM/PM sections in turn. */
async function typeTime(dialog: Locator, label: string, keys: string) {
  const group = dialog.getByRole('group', { name: new RegExp(label) });
  await group.getByRole('spinbutton').first().click();
  await dialog.page().keyboard.type(keys);
}

async function chooseMode(page: Page, dialog: Locator, label: string, mode: string) {
  await dialog.getByRole('combobox', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: mode, exact: true }).click();
}

const subscriptionRow = (page: Page, name: string) =>
  page.getByRole('table', { name: m.heading }).getByRole('row').filter({ hasText: name });
const dayBookRow = (page: Page, name: string) =>
  page.getByRole('table', { name: p.dayBook.title }).getByRole('row').filter({ hasText: name });

test('payments: a price from the list, half paid, the rest by UPI, the day book, a reused UTR and the dues card', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { token, body } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  await library.setPriceList(PRICES);
  await createAreaWithSeats(page.request, token, 'Hall A', 4);
  const meera = await library.student(`Meera${unique()}`);
  const other = await library.student(`Kabir${unique()}`);

  // Add: the price list fills in the price (6 hours a day → the 6-hour tier), the fee follows it.
  await page.goto('/app/subscription');
  await expect(page.getByRole('heading', { name: m.heading })).toBeVisible();
  await page.getByRole('button', { name: m.addSubscription }).click();
  const add = page.getByRole('dialog', { name: m.addTitle });
  await add.getByLabel(new RegExp(m.fields.mobile)).fill(meera.mobile);
  await expect(add.getByText(meera.name)).toBeVisible();
  await typeTime(add, m.fields.startTime, '0800A');
  await typeTime(add, m.fields.endTime, '0200P');
  await add.getByLabel(new RegExp(`^${m.fields.duration}`)).fill('1');
  const price = add.getByRole('spinbutton', { name: new RegExp(`^${p.price}`) });
  await expect(price).toHaveValue('1000');
  await expect(add.getByText(p.priceFromList(1000), { exact: true })).toBeVisible();
  await expect(add.getByLabel(new RegExp(`^${m.fields.fee}`))).toHaveValue('1000');
  // A longer day moves to the any-length price; a typed price below it is a discount.
  await typeTime(add, m.fields.endTime, '0600P');
  await expect(price).toHaveValue('1500');
  await price.fill('1400');
  await expect(add.getByText(`${p.priceFromList(1500)} · ${p.discount(100)}`)).toBeVisible();
  // Half paid now, in cash.
  await add.getByLabel(new RegExp(`^${m.fields.fee}`)).fill('700');
  await expectAccessible(page, 'add subscription with a price');
  await screenshot(page, 'payments-dialog-add-light');
  await add.getByRole('button', { name: m.createSubmit }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  await expect(add).toBeHidden();

  // The row owes the other half.
  const row = subscriptionRow(page, meera.name);
  await expect(row.getByText(p.balanceValue(700))).toBeVisible();

  // The account: the discount off the list, the cash payment.
  await row.getByRole('button', { name: new RegExp(`^${p.account.open(meera.name)}`) }).click();
  const account = page.getByRole('dialog', { name: new RegExp(p.account.title) });
  const charges = account.getByRole('table', { name: p.account.charges });
  await expect(charges.getByRole('cell', { name: formatRupees(100), exact: true })).toBeVisible();
  await expect(account.getByRole('table', { name: p.account.payments }).getByText('Cash')).toBeVisible();
  await expectAccessible(page, 'subscription account');
  await screenshot(page, 'payments-account-light');
  await account.getByRole('button', { name: messages.common.close }).click();
  await expect(account).toBeHidden();

  // The rest by UPI: the UTR is required, then recorded.
  await row.getByRole('button', { name: p.recordFor(meera.name) }).click();
  const record = page.getByRole('dialog', { name: p.recordTitle });
  await expect(record.getByRole('spinbutton', { name: new RegExp(p.amount) })).toHaveValue('700');
  await chooseMode(page, record, p.mode, 'UPI');
  await record.getByRole('button', { name: p.submit }).click();
  await expect(record.getByText(p.referenceRequired.UPI)).toBeVisible();
  await record.getByLabel(new RegExp(`^${p.reference}`)).fill(UTR);
  await expectAccessible(page, 'record payment');
  await screenshot(page, 'payments-dialog-light');
  await record.getByRole('button', { name: p.submit }).click();
  await expect(page.getByText(p.recorded)).toBeVisible();
  await expect(record).toBeHidden();
  await expect(row.getByText(p.balanceValue(0))).toBeVisible();
  await expect(row.getByRole('button', { name: p.recordFor(meera.name) })).toHaveCount(0);

  // The same UTR on another student's payment is refused, naming the first.
  const kabirResponse = await page.request.post('/api/subscription', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      student_id: other.id,
      joining_date: todayIn('Asia/Kolkata'),
      start_time: '15:00',
      end_time: '21:00',
      duration: 1,
      is_reserved: false,
      price: 1000,
      fee: 400,
      mode: 'Cash',
    },
  });
  expect(kabirResponse.status(), await kabirResponse.text()).toBe(201);
  await page.reload();
  const kabirRow = subscriptionRow(page, other.name);
  await expect(kabirRow.getByText(p.balanceValue(600))).toBeVisible();
  // At 1280 px the table, its Balance and three actions fit: nothing scrolls sideways.
  const overflow = await page
    .getByRole('table', { name: m.heading })
    .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'subscriptions-balance-light');
  await kabirRow.getByRole('button', { name: p.recordFor(other.name) }).click();
  await expect(record.getByRole('spinbutton', { name: new RegExp(p.amount) })).toHaveValue('600');
  await chooseMode(page, record, p.mode, 'UPI');
  await record.getByLabel(new RegExp(`^${p.reference}`)).fill(UTR);
  await record.getByRole('button', { name: p.submit }).click();
  const reused = record.getByText(new RegExp(`^Reference ${UTR} was already recorded for ${meera.name}`));
  await expect(reused).toBeVisible();
  await expectAccessible(page, 'record payment, reference reused');
  await screenshot(page, 'payments-dialog-utr-reused-light');
  await record.getByRole('button', { name: messages.common.cancel }).click();

  // The day book: both of Meera's payments and Kabir's, by mode and by who collected.
  await page
    .getByRole('navigation', { name: messages.shell.navigation })
    .getByRole('link', { name: messages.shell.dayBook })
    .click();
  await expect(page.getByRole('heading', { name: p.dayBook.title })).toBeVisible();
  const total = page.getByRole('region', { name: p.dayBook.total });
  await expect(total.getByText(formatRupees(1800))).toBeVisible();
  await expect(total.getByText(p.dayBook.count(3))).toBeVisible();
  const byMode = page.getByRole('region', { name: p.dayBook.byMode }).getByRole('listitem');
  await expect(byMode.filter({ hasText: 'UPI' })).toContainText(formatRupees(700));
  await expect(byMode.filter({ hasText: 'Cash' })).toContainText(formatRupees(1100));
  const byCollector = page.getByRole('region', { name: p.dayBook.byCollector }).getByRole('listitem');
  await expect(byCollector.filter({ hasText: body.first_name })).toContainText(formatRupees(1800));
  const upiRow = dayBookRow(page, meera.name).filter({ hasText: 'UPI' });
  await expect(upiRow).toContainText(UTR);
  await expect(upiRow).toContainText(formatRupees(700));
  await expectAccessible(page, 'day book');
  await screenshot(page, 'day-book-light');

  // The CSV of the day.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: p.dayBook.export }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // The dashboard's card: Kabir's ₹600 is outstanding, and it leads to Dues.
  await page.goto('/app/dashboard');
  const dues = page.getByRole('region', { name: d.title });
  await expect(dues.getByText(formatRupees(600))).toBeVisible();
  await expect(dues.getByText(d.outstandingCount(1))).toBeVisible();
  // The charts load as they come into view (issue 18).
  await page.getByRole('region', { name: messages.dashboard.topContent }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: messages.dashboard.revenueOverTime })).toBeVisible();
  await expectAccessible(page, 'dashboard with the dues card');
  await screenshot(page, 'dashboard-dues-card-light');
  await dues.getByRole('link', { name: d.viewDues }).click();
  await expect(page).toHaveURL(/\/app\/dues$/);

  // Dark, wide and narrow.
  await page.goto('/app/day-book');
  await useDarkTheme(page);
  await expect(total.getByText(formatRupees(1800))).toBeVisible();
  await expectAccessible(page, 'day book, dark');
  await screenshot(page, 'day-book-dark');
  await page.goto('/app/subscription');
  await expect(subscriptionRow(page, other.name).getByText(p.balanceValue(600))).toBeVisible();
  await expectAccessible(page, 'subscriptions with balances, dark');
  await screenshot(page, 'subscriptions-balance-dark');
  await subscriptionRow(page, other.name)
    .getByRole('button', { name: p.recordFor(other.name) })
    .click();
  await chooseMode(page, record, p.mode, 'Bank Transfer');
  await expect(record.getByText(p.referenceHelp['Bank Transfer'])).toBeVisible();
  await expectAccessible(page, 'record payment, dark');
  await screenshot(page, 'payments-dialog-dark');
  await record.getByRole('button', { name: messages.common.cancel }).click();
  await page.goto('/app/dashboard');
  await expect(dues.getByText(formatRupees(600))).toBeVisible();
  // The charts load as they come into view (issue 18).
  await page.getByRole('region', { name: messages.dashboard.topContent }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: messages.dashboard.revenueOverTime })).toBeVisible();
  await expectAccessible(page, 'dashboard with the dues card, dark');
  await screenshot(page, 'dashboard-dues-card-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') {
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
    }
    await page.goto('/app/day-book');
    await expect(total.getByText(formatRupees(1800))).toBeVisible();
    // Cards instead of a table, and nothing wider than the phone.
    await expect(page.getByRole('list', { name: p.dayBook.title })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `day book, narrow, ${theme}`);
    await screenshot(page, `day-book-narrow-${theme}`);

    await page.goto('/app/subscription');
    const card = page.getByRole('list', { name: m.heading }).getByRole('listitem').filter({ hasText: other.name });
    await expect(card.getByText(p.balanceValue(600))).toBeVisible();
    await expect(card.getByRole('button', { name: p.recordFor(other.name) })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `subscriptions with balances, narrow, ${theme}`);
    await screenshot(page, `subscriptions-balance-narrow-${theme}`);
    await card.getByRole('button', { name: p.recordFor(other.name) }).click();
    await expect(record).toBeVisible();
    await expectAccessible(page, `record payment, narrow, ${theme}`);
    await screenshot(page, `payments-dialog-narrow-${theme}`);
    await record.getByRole('button', { name: messages.common.cancel }).click();

    await page.goto('/app/dashboard');
    await expect(dues.getByText(formatRupees(600))).toBeVisible();
    // The charts load as they come into view (issue 18).
    await page.getByRole('region', { name: messages.dashboard.topContent }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: messages.dashboard.revenueOverTime })).toBeVisible();
    await expectAccessible(page, `dashboard with the dues card, narrow, ${theme}`);
    await screenshot(page, `dashboard-dues-card-narrow-${theme}`);
  }
});
