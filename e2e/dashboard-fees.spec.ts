import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@app/shared';
import { createStudentViaApi, expectAccessible, newAadhaar, png, signUpViaApi, unique, useDarkTheme } from './support';

const d = messages.dashboard;
const f = messages.fees;

/** Today on the library's calendar (Asia/Kolkata, the default time zone). */
const libraryToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const aadhaar = () => newAadhaar('6');

/** Calls the API as the signed-in admin and answers `data`, failing the test on an error. */
function apiOf(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async post<T>(path: string, data: unknown): Promise<T> {
      const response = await request.post(path, { headers, data });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
      return (await response.json()).data as T;
    },
    async put<T>(path: string, data: unknown): Promise<T> {
      const response = await request.put(path, { headers, data });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
      return (await response.json()).data as T;
    },
    async student(firstName: string, lastName: string, mobile: string): Promise<string> {
      return createStudentViaApi(
        request,
        token,
        {
          first_name: firstName,
          last_name: lastName,
          mobile,
          email: `${firstName.toLowerCase()}-${unique()}@example.com`,
          aadhaar_number: aadhaar(),
          dob: '2002-05-17',
        },
        await png('#3949ab', 96, 96),
      );
    },
  };
}

/** The dashboard card titled `title`. */
const card = (page: Page, title: string) =>
  page.locator('.MuiCard-root').filter({ has: page.getByText(title, { exact: true }) });

/** The figure a dashboard card shows. */
const cardValue = (page: Page, title: string) => card(page, title).locator('.MuiTypography-h5');

const feeTable = (page: Page) => page.getByRole('table', { name: f.title });
const feeRows = (page: Page) =>
  feeTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('the dashboard follows the fees; the fee report searches, pages and exports', async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const api = apiOf(page.request, token);

  // A hall of eight seats and one student who pays ₹1,500 by UPI for three months.
  const area = await api.post<{ id: string }>('/api/area', { area_name: 'Hall A', total_seats: 8, status: 'active' });
  await api.post(`/api/area/${area.id}/generate-seats`, {});
  const asha = await api.student('Asha', 'Verma', '9811100001');
  const subscribe = (studentId: string, fee: number, mode: string) =>
    api.post<{ id: string }>('/api/subscription', {
      student_id: studentId,
      joining_date: libraryToday(),
      start_time: '06:00',
      end_time: '14:00',
      duration: 3,
      is_reserved: false,
      fee,
      mode,
    });
  const ashaPlan = await subscribe(asha, 1500, 'UPI');

  // The dashboard, last 24 hours by default.
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: d.welcome })).toBeVisible();
  await expect(cardValue(page, d.totalStudents)).toHaveText('1');
  await expect(cardValue(page, d.activeSubscription)).toHaveText('1');
  await expect(cardValue(page, d.total)).toHaveText('8');
  await expect(cardValue(page, d.active)).toHaveText('8');
  await expect(cardValue(page, d.inactive)).toHaveText('0');
  // A native select (issue 18): the option shown is the one selected.
  await expect(page.getByRole('combobox', { name: d.period }).locator('option:checked')).toHaveText(
    d.periods['24_hour'],
  );
  await expect(cardValue(page, d.totalRevenue)).toHaveText('₹1,500.00');
  await expect(cardValue(page, d.totalTransactions)).toHaveText('1');
  await expect(cardValue(page, d.avgTransactionValue)).toHaveText('₹1,500.00');
  const topContent = page.getByRole('region', { name: d.topContent });
  await expect(topContent).toContainText('3 Months · Non Reserved');
  await expect(topContent).toContainText(d.noImage);
  await expect(topContent).toContainText('1 sale');
  const recent = page.getByRole('table', { name: d.recentTransactions });
  await expect(recent.getByRole('row').nth(1)).toContainText(/asha-\w+@example\.com/);
  await expect(recent.getByRole('row').nth(1)).toContainText('₹1,500.00');
  await expect(recent.getByRole('row').nth(1)).toContainText('New');
  await expect(page.getByRole('region', { name: d.subscriptionPlans })).toContainText('3 Months plan');
  // The charts load as they come into view (issue 18): below the figures, they wait for the scroll.
  await topContent.scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: d.revenueOverTime }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: d.byPaymentMode })).toContainText('UPI');
  await expectAccessible(page, 'dashboard');

  // Another period asks the server again; a renewal made meanwhile shows up.
  await api.put(`/api/subscription/renew/${ashaPlan.id}`, { duration: 1, fee: 600, mode: 'Cash' });
  const sevenDays = page.waitForResponse((response) => response.url().endsWith('/api/dashboard/7_days'));
  const period = page.getByRole('combobox', { name: d.period });
  await expect(period.getByRole('option')).toHaveText(Object.values(d.periods));
  await period.selectOption({ label: d.periods['7_days'] });
  expect((await sevenDays).status()).toBe(200);
  await expect(cardValue(page, d.totalRevenue)).toHaveText('₹2,100.00');
  await expect(cardValue(page, d.totalTransactions)).toHaveText('2');
  await expect(cardValue(page, d.avgTransactionValue)).toHaveText('₹1,050.00');
  await expect(cardValue(page, d.totalStudents)).toHaveText('1');

  // The cards lead on: students, and revenue to the fee report.
  await card(page, d.totalStudents).click();
  await expect(page).toHaveURL(/\/app\/student$/);
  await page.goBack();
  await card(page, d.totalRevenue).click();
  await expect(page).toHaveURL(/\/app\/transactions$/);
  await expect(page.getByRole('heading', { name: f.title })).toBeVisible();
  await expect(feeRows(page)).toHaveCount(2);

  // Five more students, one fee each: seven fees in all.
  const names = ['Bhavna', 'Chetan', 'Divya', 'Farhan', 'Gauri'];
  for (const [index, name] of names.entries()) {
    const id = await api.student(name, 'Kumar', `98111000${String(index + 2).padStart(2, '0')}`);
    await subscribe(id, 1000 + index * 100, ['Cash', 'Card', 'Bank Transfer', 'Cheque', 'UPI'][index]!);
  }

  await page.goto('/app/fee-report');
  await expect(feeRows(page)).toHaveCount(7);
  // Sorted by name: Asha's two fees first.
  await expect(feeRows(page).nth(0)).toContainText('Asha Verma');
  await expect(feeRows(page).nth(0).getByRole('cell').nth(5)).toHaveText('Paid');
  await expect(feeRows(page).nth(0).getByRole('cell').nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);
  await expect(feeRows(page).nth(6)).toContainText('Gauri Kumar');
  await expect(feeRows(page).nth(6)).toContainText('₹1,400.00');
  await expect(feeRows(page).nth(6)).toContainText('3 months');
  await expectAccessible(page, 'fee report');

  // Five a page: the second page numbers on from 6.
  await page.getByRole('combobox', { name: /rows per page/i }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await expect(feeRows(page)).toHaveCount(5);
  await page.getByRole('button', { name: /next page/i }).click();
  await expect(feeRows(page)).toHaveCount(2);
  await expect(feeRows(page).nth(0).getByRole('cell').first()).toHaveText('6');
  await expect(feeRows(page).nth(1)).toContainText('Gauri Kumar');

  // Search by name.
  const search = page.getByRole('textbox', { name: f.searchPlaceholder });
  await search.fill('asha');
  await search.press('Enter');
  await expect(feeRows(page)).toHaveCount(2);
  await expect(feeRows(page).nth(0).getByRole('cell').first()).toHaveText('1');
  await expect(feeRows(page).filter({ hasText: '1 month' })).toContainText('₹600.00');

  // Export what is shown: Asha's two fees, with the header.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: f.export }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fee-report-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Student Name');
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((line) => line.startsWith('Asha Verma,9811100001,'))).toBe(true);
  expect(csv).toContain('1500.00');
  expect(csv).toContain('600.00');
  expect(csv).not.toContain('Gauri');

  // Clearing the search lists everything again, the latest change first.
  await page.getByRole('button', { name: f.clearSearch }).click();
  await expect(search).toHaveValue('');
  await expect(feeRows(page)).toHaveCount(5);
  await expect(feeRows(page).nth(0)).toContainText('Gauri Kumar');

  // A search that matches nothing.
  await search.fill('nobody-like-this');
  await page.getByRole('button', { name: f.search, exact: true }).click();
  await expect(feeRows(page)).toHaveCount(1);
  await expect(feeTable(page)).toContainText(f.empty);
  await expectAccessible(page, 'fee report, nothing found');

  // Dark: the fee report and the dashboard.
  await useDarkTheme(page);
  await expect(feeRows(page)).toHaveCount(7);
  await expectAccessible(page, 'fee report, dark');
  await page.goto('/app/dashboard');
  await expect(cardValue(page, d.totalStudents)).toHaveText('6');
  await page.getByRole('region', { name: d.topContent }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: d.byPaymentMode })).toContainText('UPI');
  await expectAccessible(page, 'dashboard, dark');
});

test('the premium link opens the student list filtered to premium students', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/app/users/premium');
  await expect(page).toHaveURL(/\/app\/student\?type=premium$/);
  await page.goto('/app/users');
  await expect(page).toHaveURL(/\/app\/student$/);
});

test('the landing and sign-in pages never load the dashboard or its charts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /dashboard|DashboardCharts/i.test(path))).toEqual([]);
});
