import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatDateDMY, formatMonth, formatRupees, messages, todayIn } from '@app/shared';
import { createAreaWithSeats, expectAccessible, LibraryApi, signUpViaApi, unique, useDarkTheme } from './support';

/**
 * Expenses and profit (issue 14 item 6) as a new owner tries them: a payment received; rent
 * added as a monthly expense from this month on the 1st, its entry in this month's expenses
 * at once; an electricity bill, after a negative and a fractional-paise amount are refused;
 * this month's profit (payment − rent − electricity) on the dashboard and the Profit screen;
 * the CSV; the bill deleted and the profit back up. Then the screens light and dark, wide and
 * narrow. SCREENSHOTS=1 also saves them to docs/screenshots.
 */

const m = messages.expenses;
const p = messages.profit;
const SHOTS = process.env.SCREENSHOTS === '1';
const TIME_ZONE = 'Asia/Kolkata';

const FEE = 5000;
const RENT = 3000;
const ELECTRICITY = 1200.5;

/** The month `by` months from `month` (`YYYY-MM`). */
function monthFrom(month: string, by: number): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const index = year * 12 + number - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

class Library extends LibraryApi {
  student(firstName: string) {
    return this.addStudent(firstName, { lastName: 'Kulkarni', dob: '2001-06-15' });
  }

  /** A month's plan for `studentId`, paid in full in cash today: the money the profit counts. */
  async paidSubscription(studentId: string, fee: number) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: studentId,
        joining_date: todayIn(TIME_ZONE),
        start_time: '08:00',
        end_time: '14:00',
        duration: 1,
        is_reserved: false,
        fee,
        mode: 'Cash',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** An expense of an earlier month, so the Profit screen has more than one month to show. */
  async expense(date: string, category: string, amount: number) {
    const response = await this.request.post('/api/expenses', {
      headers: this.headers,
      data: { date, category, amount, note: null, mode: 'UPI' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Nothing on the page is wider than the window: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('expenses and profit: rent every month, a bill, the month in profit on the dashboard and the Profit screen, the CSV, a deletion', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const today = todayIn(TIME_ZONE);
  const thisMonth = today.slice(0, 7);
  const { token } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  await createAreaWithSeats(page.request, token, 'Reading Hall', 4);
  const student = await library.student(`Ananya${unique()}`);
  await library.paidSubscription(student.id, FEE);
  // Two earlier months with a bill each and no fees: losses on the Profit screen.
  await library.expense(`${monthFrom(thisMonth, -2)}-10`, 'internet', 999);
  await library.expense(`${monthFrom(thisMonth, -1)}-05`, 'Water cans', 450);

  // Expenses from the sidebar: this month, nothing spent yet, no monthly expenses.
  await page.goto('/app/dashboard');
  await page
    .getByRole('navigation', { name: messages.shell.navigation })
    .getByRole('link', { name: messages.shell.expenses })
    .click();
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: m.title, exact: true });
  await expect(table.getByText(m.empty)).toBeVisible();
  const monthly = page.getByRole('region', { name: m.recurring.title });
  await expect(monthly.getByText(m.recurring.empty)).toBeVisible();
  await expectAccessible(page, 'expenses, empty month');

  // Rent as a monthly expense from this month on the 1st: this month's entry is made at once.
  await monthly.getByRole('button', { name: m.recurring.add }).click();
  const addMonthly = page.getByRole('dialog', { name: m.recurring.addTitle });
  await choose(page, addMonthly, m.category, m.categories.rent);
  await addMonthly.getByRole('spinbutton', { name: new RegExp(`^${m.amount}`) }).fill(String(RENT));
  await choose(page, addMonthly, m.mode, 'Bank Transfer');
  await addMonthly.getByRole('textbox', { name: m.note }).fill('Hall on the first floor');
  await expect(addMonthly.getByText(m.recurring.everyMonth(1))).toBeVisible();
  await expect(addMonthly.getByRole('group', { name: new RegExp(m.recurring.startMonth) })).toContainText(
    formatMonth(thisMonth, 'long').split(' ')[0]!,
  );
  await expectAccessible(page, 'add monthly expense');
  await screenshot(page, 'expenses-monthly-dialog-light');
  await addMonthly.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(m.recurring.added)).toBeVisible();
  await expect(addMonthly).toBeHidden();
  const rentMonthly = monthly.getByRole('row').filter({ hasText: m.categories.rent });
  await expect(rentMonthly).toContainText(m.recurring.everyMonth(1));
  await expect(rentMonthly).toContainText(formatRupees(RENT));
  const rentRow = table.getByRole('row').filter({ hasText: m.categories.rent });
  await expect(rentRow).toContainText(formatDateDMY(`${thisMonth}-01`));
  await expect(rentRow).toContainText(formatRupees(RENT));
  await expect(rentRow.getByText(m.monthlyChip)).toBeVisible();

  // An electricity bill: a negative amount and fractions of a paisa are refused with the shared message.
  await page.getByRole('button', { name: m.add }).click();
  const add = page.getByRole('dialog', { name: m.addTitle });
  await choose(page, add, m.category, m.categories.electricity);
  const amount = add.getByRole('spinbutton', { name: new RegExp(`^${m.amount}`) });
  await amount.fill('-1200');
  await add.getByRole('button', { name: m.save }).click();
  await expect(add.getByText(m.amountInvalid)).toBeVisible();
  await amount.fill('1200.505');
  await add.getByRole('button', { name: m.save }).click();
  await expect(add.getByText(m.amountInvalid)).toBeVisible();
  await expectAccessible(page, 'add expense, amount refused');
  await screenshot(page, 'expenses-dialog-refused-light');
  await amount.fill(String(ELECTRICITY));
  await choose(page, add, m.mode, 'UPI');
  await add.getByRole('textbox', { name: m.note }).fill('MSEB bill');
  await add.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(m.added)).toBeVisible();
  await expect(add).toBeHidden();

  const total = page.getByRole('region', { name: m.total });
  await expect(total.getByText(formatRupees(RENT + ELECTRICITY))).toBeVisible();
  await expect(total.getByText(m.count(2))).toBeVisible();
  const byCategory = page.getByRole('region', { name: m.byCategory }).getByRole('listitem');
  await expect(byCategory.filter({ hasText: m.categories.electricity })).toContainText(formatRupees(ELECTRICITY));
  const billRow = table.getByRole('row').filter({ hasText: m.categories.electricity });
  await expect(billRow).toContainText('MSEB bill');
  await expect(billRow.getByText(m.monthlyChip)).toHaveCount(0);
  // At 1280 px the list and its Edit and Delete fit: nothing scrolls sideways.
  const overflow = await table.evaluate(
    (element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const billName = m.described(m.categories.electricity, ELECTRICITY, formatDateDMY(today));
  await expect(billRow.getByRole('button', { name: m.editAction(billName) })).toBeInViewport();
  await expect(billRow.getByRole('button', { name: m.deleteAction(billName) })).toBeInViewport();
  await expectAccessible(page, 'expenses with rent and a bill');
  await screenshot(page, 'expenses-light');

  // This month's profit on the dashboard: the payment less rent and electricity.
  const profit = FEE - RENT - ELECTRICITY;
  await page.goto('/app/dashboard');
  const card = page.getByRole('region', { name: p.title, exact: true });
  await expect(card.getByText(formatRupees(profit))).toBeVisible();
  await expect(card.getByText(p.dashboardDetail(FEE, RENT + ELECTRICITY))).toBeVisible();
  await expectAccessible(page, 'dashboard with the profit card');
  await screenshot(page, 'dashboard-profit-light');

  // The Profit screen: the same month, and the two earlier months' losses.
  await card.getByRole('link', { name: p.viewProfit }).click();
  await expect(page).toHaveURL(/\/app\/profit$/);
  await expect(page.getByRole('heading', { name: p.title, level: 1 })).toBeVisible();
  const months = page.getByRole('table', { name: p.title, exact: true });
  const thisMonthRow = months.getByRole('row').filter({ hasText: formatMonth(thisMonth, 'long') });
  await expect(thisMonthRow.getByRole('cell')).toHaveText([
    formatMonth(thisMonth, 'long'),
    formatRupees(FEE),
    formatRupees(RENT + ELECTRICITY),
    formatRupees(profit),
  ]);
  await expect(
    months.getByRole('row').filter({ hasText: formatMonth(monthFrom(thisMonth, -1), 'long') }),
  ).toContainText(p.loss(-450));
  await expect(months.getByRole('row')).toHaveCount(1 + 12 + 1);
  await expect(page.getByRole('img', { name: p.chartLabel })).toBeVisible();
  await expect(page.getByText(p.howCounted)).toBeVisible();
  await expectAccessible(page, 'profit');
  await screenshot(page, 'profit-light');

  // The CSV: twelve months, oldest first, amounts as plain decimals (a loss below zero).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: p.export }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`profit-${monthFrom(thisMonth, -11)}-to-${thisMonth}.csv`);
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Month,Fees collected (INR),Expenses (INR),Profit (INR)');
  expect(lines).toHaveLength(13);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
    Array.from({ length: 12 }, (_, index) => monthFrom(thisMonth, index - 11)),
  );
  expect(lines.at(-1)).toBe(`${thisMonth},${FEE.toFixed(2)},${(RENT + ELECTRICITY).toFixed(2)},${profit.toFixed(2)}`);
  expect(lines.at(-2)).toBe(`${monthFrom(thisMonth, -1)},0.00,450.00,-450.00`);
  expect(lines.at(-3)).toBe(`${monthFrom(thisMonth, -2)},0.00,999.00,-999.00`);

  // The bill deleted after asking: the profit goes back up by it, here and on the dashboard.
  await page.goto('/app/expenses');
  await table.getByRole('button', { name: m.deleteAction(billName) }).click();
  const confirm = page.getByRole('dialog', { name: m.deleteTitle });
  await expect(confirm).toContainText(m.deleteConfirm(m.categories.electricity, ELECTRICITY, formatDateDMY(today)));
  await expectAccessible(page, 'delete expense');
  await confirm.getByRole('button', { name: m.delete }).click();
  await expect(page.getByText(m.deleted)).toBeVisible();
  await expect(total.getByText(formatRupees(RENT))).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: m.categories.electricity })).toHaveCount(0);
  await page.goto('/app/profit');
  await expect(thisMonthRow.getByRole('cell').last()).toHaveText(formatRupees(FEE - RENT));
  await page.goto('/app/dashboard');
  await expect(card.getByText(formatRupees(FEE - RENT))).toBeVisible();
  await expect(card.getByText(p.dashboardDetail(FEE, RENT))).toBeVisible();

  // The bill back, for the pictures; then dark, wide and narrow.
  await library.expense(today, 'electricity', ELECTRICITY);
  await page.goto('/app/expenses');
  await useDarkTheme(page);
  await expect(total.getByText(formatRupees(RENT + ELECTRICITY))).toBeVisible();
  await expectAccessible(page, 'expenses, dark');
  await screenshot(page, 'expenses-dark');
  await page.getByRole('button', { name: m.add }).click();
  await choose(page, add, m.category, m.ownCategory);
  await add.getByRole('textbox', { name: new RegExp(`^${m.ownCategoryName}`) }).fill('Newspapers');
  await add.getByRole('spinbutton', { name: new RegExp(`^${m.amount}`) }).fill('-5');
  await add.getByRole('button', { name: m.save }).click();
  await expect(add.getByText(m.amountInvalid)).toBeVisible();
  await expectAccessible(page, 'add expense, own category, dark');
  await screenshot(page, 'expenses-dialog-refused-dark');
  await add.getByRole('button', { name: messages.common.cancel }).click();
  await page.goto('/app/profit');
  await expect(thisMonthRow.getByRole('cell').last()).toHaveText(formatRupees(profit));
  await expect(page.getByRole('img', { name: p.chartLabel })).toBeVisible();
  await expectAccessible(page, 'profit, dark');
  await screenshot(page, 'profit-dark');
  await page.goto('/app/dashboard');
  await expect(card.getByText(formatRupees(profit))).toBeVisible();
  // The charts load as they come into view (issue 18).
  await page.getByRole('region', { name: messages.dashboard.topContent }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: messages.dashboard.revenueOverTime })).toBeVisible();
  await expectAccessible(page, 'dashboard with the profit card, dark');
  await screenshot(page, 'dashboard-profit-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['dark', 'light'] as const) {
    if (theme === 'light') await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto('/app/expenses');
    await expect(total.getByText(formatRupees(RENT + ELECTRICITY))).toBeVisible();
    // Cards instead of tables, each with its Edit and Delete, and nothing wider than the phone.
    const cards = page.getByRole('list', { name: m.title, exact: true }).getByRole('listitem');
    const billCard = cards.filter({ hasText: m.categories.electricity });
    await expect(billCard.getByRole('button', { name: m.editAction(billName) })).toBeVisible();
    await expect(billCard.getByRole('button', { name: m.deleteAction(billName) })).toBeVisible();
    await expect(page.getByRole('list', { name: m.recurring.title }).getByRole('listitem')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `expenses, narrow, ${theme}`);
    await screenshot(page, `expenses-narrow-${theme}`);

    await page.goto('/app/profit');
    await expect(page.getByRole('list', { name: p.title, exact: true }).getByRole('listitem')).toHaveCount(13);
    await expect(page.getByRole('img', { name: p.chartLabel })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `profit, narrow, ${theme}`);
    await screenshot(page, `profit-narrow-${theme}`);

    await page.goto('/app/dashboard');
    await expect(card.getByText(formatRupees(profit))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, `dashboard with the profit card, narrow, ${theme}`);
    await screenshot(page, `dashboard-profit-narrow-${theme}`);
  }
});
