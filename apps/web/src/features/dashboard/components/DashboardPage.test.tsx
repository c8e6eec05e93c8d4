import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type DashboardData, type DashboardPeriod, type DuesSummary, type Profit } from '@app/shared';
import { jsonResponse, stubFetch } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { DASHBOARD_CALLS } from '@/app/first-screen';
import { apiUrl } from '@/lib/early-requests';

const m = messages.dashboard;

function dashboard(period: DashboardPeriod, overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    period,
    periodStart: '2026-11-20T10:00:00Z',
    bucket: 'hour',
    student: { total: 152, activeSubscription: 97 },
    seat: { total: 120, active: 112, inactive: 8 },
    revenue: { revenue: 4500, transaction: 3, avg_transaction: 1500 },
    topContent: [
      {
        thumbnailUrl: null,
        contentType: 'Reserved seat',
        title: '3 Months · Reserved',
        description: '3 months plan, a seat of their own',
        revenue: 3000,
        totalSales: 2,
      },
    ],
    recentTransactions: [
      // 20:00 UTC on the 20th is already the 21st in the library's time zone (Asia/Kolkata).
      { userEmail: 'asha@example.com', date: '2026-11-20T20:00:00.000Z', amount: 1500, type: 'Renewal' },
    ],
    subscriptionStats: [
      { planName: '1 Month plan', description: 'Students on a 1 month plan today', totalSubscribers: 41 },
    ],
    financialStats: [
      { date: '2026-11-21T09:00', revenue: 1500, transactions: 1 },
      { date: '2026-11-21T10:00', revenue: 3000, transactions: 2 },
    ],
    contentStats: [
      { mode: 'Cash', amount: 1500, count: 1 },
      { mode: 'UPI', amount: 3000, count: 2 },
      { mode: 'Card', amount: 0, count: 0 },
      { mode: 'Bank Transfer', amount: 0, count: 0 },
      { mode: 'Cheque', amount: 0, count: 0 },
    ],
    ...overrides,
  };
}

const summary = (outstanding: DuesSummary['outstanding']): DuesSummary => ({
  expiring: { count: 1, amount: 1500 },
  expired: { count: 0, amount: 0 },
  unpaid: { count: 2, amount: 1250.5 },
  outstanding,
  reminders: { reminded: 0, paid: 0, amount: 0 },
  expiring_days: 5,
  grace_days: 7,
});

const monthProfit = (collected: number, expenses: number): Profit => ({
  months: [{ month: '2026-11', collected, expenses, profit: collected - expenses }],
  total: { collected, expenses, profit: collected - expenses },
});

const profitAnswer = (profit: Profit) => jsonResponse({ status: true, message: 'OK', data: profit });

/**
 * Answers /api/dashboard/{period} with `answer(period)` and records every period asked;
 * the Dues outstanding card's /api/dues/summary gets `dues()` (issue 13), the profit card's
 * /api/profit `profit()` (issue 14), whose queries are recorded in `profitQueries`; the Inside now
 * card's /api/attendance/inside `inside()` (issue 15).
 */
function serveDashboard(
  answer: (period: string) => Response | Promise<Response>,
  dues: () => Response | Promise<Response> = () =>
    jsonResponse({ status: true, message: 'OK', data: summary({ count: 3, amount: 2750.5 }) }),
  profit: () => Response | Promise<Response> = () => profitAnswer(monthProfit(42000, 15500.5)),
  inside: () => Response | Promise<Response> = () =>
    jsonResponse({ status: true, message: 'OK', data: { count: 7, visits: [] } }),
) {
  const periods: string[] = [];
  profitQueries.length = 0;
  stubFetch(
    vi.fn<typeof fetch>(async (input) => {
      const { pathname, search } = new URL((input as Request).url);
      if (pathname === '/api/dues/summary') return dues();
      if (pathname === '/api/attendance/inside') return inside();
      if (pathname === '/api/profit') {
        profitQueries.push(search);
        return profit();
      }
      const period = pathname.replace('/api/dashboard/', '');
      periods.push(period);
      return answer(period);
    }),
  );
  return periods;
}

const profitQueries: string[] = [];

const ok = (data: DashboardData) => jsonResponse({ status: true, message: 'OK', data });

/** The card whose title is `title`, as a link when it has one. */
function card(title: string): HTMLElement {
  return screen.getByText(title).closest<HTMLElement>('.MuiCard-root')!;
}

const openDashboard = () => openSignedIn('/app/dashboard', m.welcome);

async function findErrorScreen(): Promise<HTMLElement> {
  const title = await screen.findByText(messages.errorScreen.title, {}, { timeout: 10_000 });
  return title.closest<HTMLElement>('[role="alert"]')!;
}

describe('Dashboard', { timeout: 30_000 }, () => {
  it('shows skeletons while the figures load', async () => {
    serveDashboard(() => new Promise<Response>(() => undefined));
    await openDashboard();
    expect(await screen.findByRole('status', { name: messages.common.loading })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.selectDateRange })).toBeTruthy();
    expect(screen.queryByText(m.totalStudents)).toBeNull();
  });

  it('makes, as it loads, every call a cold visit sends early (app/first-screen, issue 18)', async () => {
    serveDashboard((period) => ok(dashboard(period as DashboardPeriod)));
    const served = globalThis.fetch;
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(input instanceof Request ? input.url : String(input));
      return served(input, init);
    });
    await openDashboard();
    await screen.findByText(messages.profit.dashboardCard);
    await screen.findByText(m.totalStudents);
    await waitFor(() => expect(new Set(asked)).toEqual(new Set(['/auth/me', ...DASHBOARD_CALLS].map(apiUrl))));
  });

  it('shows every figure of the last 24 hours, with the cards linking on', async () => {
    const periods = serveDashboard((period) => ok(dashboard(period as DashboardPeriod)));
    await openDashboard();
    await screen.findByText(m.totalStudents);
    expect(periods).toEqual(['24_hour']);

    expect(within(card(m.totalStudents)).getByText('152')).toBeTruthy();
    expect(card(m.totalStudents).querySelector('a')!.getAttribute('href')).toBe('/app/users');
    expect(within(card(m.activeSubscription)).getByText('97')).toBeTruthy();
    expect(card(m.activeSubscription).querySelector('a')!.getAttribute('href')).toBe('/app/users/premium');
    expect(within(card(m.total)).getByText('120')).toBeTruthy();
    expect(within(card(m.active)).getByText('112')).toBeTruthy();
    expect(within(card(m.inactive)).getByText('8')).toBeTruthy();
    expect(card(m.inactive).querySelector('a')).toBeNull();

    const period = screen.getByRole<HTMLSelectElement>('combobox', { name: m.period });
    expect(period.selectedOptions[0]?.textContent).toBe(m.periods['24_hour']);
    expect(within(card(m.totalRevenue)).getByText('₹4,500.00')).toBeTruthy();
    expect(card(m.totalRevenue).querySelector('a')!.getAttribute('href')).toBe('/app/transactions');
    expect(within(card(m.totalTransactions)).getByText('3')).toBeTruthy();
    expect(card(m.totalTransactions).querySelector('a')!.getAttribute('href')).toBe('/app/transactions');
    expect(within(card(m.avgTransactionValue)).getByText('₹1,500.00')).toBeTruthy();

    const top = screen.getByRole('region', { name: m.topContent });
    expect(within(top).getByText(m.noImage)).toBeTruthy();
    expect(within(top).getByText('Reserved seat')).toBeTruthy();
    expect(within(top).getByText('3 Months · Reserved')).toBeTruthy();
    expect(within(top).getByText('₹3,000.00')).toBeTruthy();
    expect(within(top).getByText('2 sales')).toBeTruthy();

    const recent = screen.getByRole('table', { name: m.recentTransactions });
    const cells = within(within(recent).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['asha@example.com', 'Nov 21, 2026', '₹1,500.00', 'Renewal']);

    const plans = screen.getByRole('region', { name: m.subscriptionPlans });
    expect(within(plans).getByText('1 Month plan')).toBeTruthy();
    expect(within(plans).getByText('41')).toBeTruthy();

    expect(await screen.findByRole('region', { name: m.revenueOverTime }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('region', { name: m.byPaymentMode })).toBeTruthy();
  });

  it('asks again for the period chosen and shows its figures', async () => {
    const user = userEvent.setup({ delay: null });
    const periods = serveDashboard((period) =>
      ok(
        period === '7_days'
          ? dashboard('7_days', { bucket: 'day', revenue: { revenue: 21000, transaction: 14, avg_transaction: 1500 } })
          : dashboard(period as DashboardPeriod),
      ),
    );
    await openDashboard();
    await screen.findByText('₹4,500.00');
    const period = screen.getByRole('combobox', { name: m.period });
    const options = within(period)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(Object.values(m.periods));
    await user.selectOptions(period, screen.getByRole('option', { name: m.periods['7_days'] }));
    expect(await screen.findByText('₹21,000.00')).toBeTruthy();
    expect(within(card(m.totalTransactions)).getByText('14')).toBeTruthy();
    expect(periods).toEqual(['24_hour', '7_days']);
  });

  it('says so when a panel has nothing to show', async () => {
    serveDashboard(() =>
      ok(
        dashboard('24_hour', {
          topContent: [],
          recentTransactions: [],
          subscriptionStats: [],
          contentStats: dashboard('24_hour').contentStats.map((mode) => ({ ...mode, amount: 0, count: 0 })),
        }),
      ),
    );
    await openDashboard();
    expect(await screen.findByText(m.noTransactions)).toBeTruthy();
    expect(screen.getByText(m.noActivePlans)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: m.topContent })).getByText(m.noData)).toBeTruthy();
  });

  it('shows the error screen and a toast with the server message', async () => {
    serveDashboard(() => jsonResponse({ status: false, code: 500, message: 'Database unavailable', errors: [] }, 503));
    await openDashboard();
    const errorScreen = await findErrorScreen();
    expect(within(errorScreen).getByText('Database unavailable')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Database unavailable')).toHaveLength(2));
    expect(screen.queryByText(m.totalStudents)).toBeNull();
  });

  it('falls back to "Error fetching dashboard data", and REFRESH PAGE asks again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const periods = serveDashboard((period) =>
      fail ? jsonResponse({ status: false }, 200) : ok(dashboard(period as DashboardPeriod)),
    );
    await openDashboard();
    const errorScreen = await findErrorScreen();
    expect(within(errorScreen).getByText(m.fetchError)).toBeTruthy();
    fail = false;
    await user.click(within(errorScreen).getByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findByText(m.totalStudents)).toBeTruthy();
    expect(periods).toEqual(['24_hour', '24_hour']);
  });

  it('treats an answer without the figures as a failure, not a broken screen', async () => {
    serveDashboard(() => jsonResponse({ status: 'success', message: '', data: {} }));
    await openDashboard();
    const errorScreen = await findErrorScreen();
    expect(within(errorScreen).getByText(m.fetchError)).toBeTruthy();
  });

  it('falls back to "Failed to fetch dashboard data" when no answer comes', async () => {
    serveDashboard(
      () => new Response('<html>proxy error</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await openDashboard();
    const errorScreen = await findErrorScreen();
    expect(within(errorScreen).getByText(m.fetchFailed)).toBeTruthy();
  });

  it('shows the dues outstanding, leading to the Dues screen', async () => {
    serveDashboard((period) => ok(dashboard(period as DashboardPeriod)));
    await openDashboard();
    const dues = await screen.findByRole('region', { name: messages.dues.title });
    expect(await within(dues).findByText('₹2,750.50')).toBeTruthy();
    expect(within(card(messages.dues.outstanding)).getByText(messages.dues.outstandingCount(3))).toBeTruthy();
    expect(card(messages.dues.outstanding).querySelector('a')!.getAttribute('href')).toBe('/app/dues');
    expect(within(dues).getByRole('link', { name: messages.dues.viewDues }).getAttribute('href')).toBe('/app/dues');
  });

  it('says so in the card alone when the dues cannot be fetched, and shows nothing owed as such', async () => {
    let duesAnswer = () => jsonResponse({ status: false, code: 503, message: 'down', errors: [] }, 503);
    serveDashboard(
      (period) => ok(dashboard(period as DashboardPeriod)),
      () => duesAnswer(),
    );
    const view = await openDashboard();
    const dues = await screen.findByRole('region', { name: messages.dues.title });
    expect(await within(dues).findByText(messages.dues.fetchFailed)).toBeTruthy();
    // The rest of the dashboard stands, with no error screen or toast.
    expect(within(card(m.totalStudents)).getByText('152')).toBeTruthy();
    expect(screen.queryByText(messages.errorScreen.title)).toBeNull();
    expect(screen.queryByText('down')).toBeNull();
    view.unmount();

    duesAnswer = () => jsonResponse({ status: true, message: 'OK', data: summary({ count: 0, amount: 0 }) });
    await openDashboard();
    const none = await screen.findByRole('region', { name: messages.dues.title });
    expect(await within(none).findByText('₹0.00')).toBeTruthy();
    expect(within(none).getByText(messages.dues.outstandingCount(0))).toBeTruthy();
  });

  it('does not wait for the dues to show the dashboard', async () => {
    serveDashboard(
      (period) => ok(dashboard(period as DashboardPeriod)),
      () => new Promise<Response>(() => undefined),
    );
    await openDashboard();
    expect(await screen.findByText(m.totalStudents)).toBeTruthy();
    const dues = screen.getByRole('region', { name: messages.dues.title });
    expect(within(dues).queryByText(messages.dues.outstanding)).toBeNull();
  });

  it("shows this month's profit, collected less spent, leading to the Profit screen", async () => {
    serveDashboard((period) => ok(dashboard(period as DashboardPeriod)));
    await openDashboard();
    const profit = await screen.findByRole('region', { name: messages.profit.title });
    expect(await within(profit).findByText('₹26,499.50')).toBeTruthy();
    const profitCard = card(messages.profit.dashboardCard);
    expect(within(profitCard).getByText(messages.profit.dashboardDetail(42000, 15500.5))).toBeTruthy();
    expect(profitCard.querySelector('a')!.getAttribute('href')).toBe('/app/profit');
    expect(within(profit).getByRole('link', { name: messages.profit.viewProfit }).getAttribute('href')).toBe(
      '/app/profit',
    );
    // This month only: the months' count is asked of the API, not the last 12 cut down.
    expect(profitQueries).toEqual(['?months=1']);
  });

  it('shows how many students are inside now, leading to Attendance', async () => {
    serveDashboard((period) => ok(dashboard(period as DashboardPeriod)));
    await openDashboard();
    const inside = await screen.findByRole('region', { name: messages.desk.insideNow.title });
    expect(await within(inside).findByText(messages.desk.insideNow.count(7))).toBeTruthy();
    expect(within(inside).getByText(messages.desk.insideNow.caption)).toBeTruthy();
    expect(within(inside).getByRole('link', { name: messages.desk.insideNow.view }).getAttribute('href')).toBe(
      '/app/attendance',
    );
  });

  it('says when who is inside cannot be fetched, and shows the rest', async () => {
    serveDashboard(
      (period) => ok(dashboard(period as DashboardPeriod)),
      undefined,
      undefined,
      () => jsonResponse({ status: false, code: 500, message: 'Internal Server Error', errors: [] }, 500),
    );
    await openDashboard();
    const inside = await screen.findByRole('region', { name: messages.desk.insideNow.title });
    expect(await within(inside).findByText(messages.desk.insideNow.failed)).toBeTruthy();
    expect(screen.getByText(m.totalStudents)).toBeTruthy();
  });

  it('shows a month that spent more than it collected as a loss', async () => {
    serveDashboard(
      (period) => ok(dashboard(period as DashboardPeriod)),
      undefined,
      () => profitAnswer(monthProfit(3000, 15000)),
    );
    await openDashboard();
    const profit = await screen.findByRole('region', { name: messages.profit.title });
    expect(await within(profit).findByText('Loss ₹12,000.00')).toBeTruthy();
    expect(within(profit).getByText(messages.profit.dashboardDetail(3000, 15000))).toBeTruthy();
  });

  it('says so in the profit card alone when the profit cannot be fetched', async () => {
    serveDashboard(
      (period) => ok(dashboard(period as DashboardPeriod)),
      undefined,
      () => jsonResponse({ status: false, code: 503, message: 'down', errors: [] }, 503),
    );
    await openDashboard();
    const profit = await screen.findByRole('region', { name: messages.profit.title });
    expect(await within(profit).findByText(messages.profit.fetchFailed)).toBeTruthy();
    expect(within(card(m.totalStudents)).getByText('152')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: messages.dues.title })).getByText('₹2,750.50')).toBeTruthy();
    expect(screen.queryByText(messages.errorScreen.title)).toBeNull();
    expect(screen.queryByText('down')).toBeNull();
  });
});
