import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatRupees, messages, type Profit } from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

configure({ asyncUtilTimeout: 5000 });

const m = messages.profit;

const months = (figures: [string, number, number][]): Profit => {
  const rows = figures.map(([month, collected, expenses]) => ({
    month,
    collected,
    expenses,
    profit: collected - expenses,
  }));
  const sum = (key: 'collected' | 'expenses' | 'profit') => rows.reduce((total, row) => total + row[key], 0);
  return { months: rows, total: { collected: sum('collected'), expenses: sum('expenses'), profit: sum('profit') } };
};

const PROFIT = months([
  ['2026-09', 30000, 14000],
  ['2026-10', 9000, 15500.5],
  ['2026-11', 42000, 12000],
]);

const QUIET = months([
  ['2026-10', 0, 0],
  ['2026-11', 0, 0],
]);

const answer = (profit: Profit) => jsonResponse({ status: true, message: 'OK', data: profit });

function openProfit(handlers: Record<string, Handler>) {
  const requests = serve(handlers);
  return { requests, view: openSignedIn('/app/profit', m.title) };
}

const monthsRegion = () => screen.getByRole('region', { name: m.months });

describe('Profit', { timeout: 30_000 }, () => {
  it('shows the totals, the chart and every month, this month first, with a loss as such', async () => {
    const { requests, view } = openProfit({ 'GET /api/profit': () => answer(PROFIT) });
    await view;
    const region = monthsRegion();
    expect(await within(region).findByText(formatRupees(81000))).toBeTruthy();
    expect(within(region).getByText(formatRupees(41500.5))).toBeTruthy();
    expect(within(region).getByText(formatRupees(39499.5))).toBeTruthy();
    expect(new URL(requests[0]!.url).searchParams.get('months')).toBe('12');
    expect(await within(region).findByRole('img', { name: m.chartLabel }, { timeout: 10_000 })).toBeTruthy();

    const table = screen.getByRole('table', { name: m.title });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(Object.values(m.columns));
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['November 2026', formatRupees(42000), formatRupees(12000), formatRupees(30000)],
      ['October 2026', formatRupees(9000), formatRupees(15500.5), m.loss(-6500.5)],
      ['September 2026', formatRupees(30000), formatRupees(14000), formatRupees(16000)],
      [m.total, formatRupees(81000), formatRupees(41500.5), formatRupees(39499.5)],
    ]);
    expect(screen.getByText(m.howCounted)).toBeTruthy();
  });

  it('says so in place of the chart when nothing came in or went out', async () => {
    const { view } = openProfit({ 'GET /api/profit': () => answer(QUIET) });
    await view;
    expect(await within(monthsRegion()).findByText(m.empty)).toBeTruthy();
    expect(within(monthsRegion()).queryByRole('img', { name: m.chartLabel })).toBeNull();
    expect(within(screen.getByRole('table', { name: m.title })).getAllByRole('row')).toHaveLength(4);
  });

  it('shows placeholders while the months load, with the export off', async () => {
    const { view } = openProfit({ 'GET /api/profit': () => new Promise<Response>(() => undefined) });
    await view;
    expect(monthsRegion().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('table', { name: m.title }).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: m.export })).toHaveProperty('disabled', true);
  });

  it('shows the error screen and a toast when the profit cannot load, and loads again on refresh', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const { view } = openProfit({
      'GET /api/profit': () =>
        fail ? jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503) : answer(PROFIT),
    });
    await view;
    const title = await screen.findByRole('heading', { name: messages.errorScreen.title });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(m.fetchFailed)).toBeTruthy();
    // The toast shows once react-toastify has loaded (lib/toast.ts).
    await waitFor(() => expect(screen.getAllByText(m.fetchFailed)).toHaveLength(2));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findAllByText(formatRupees(81000))).toHaveLength(2);
  });

  it('exports the months as CSV with the session', async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = vi.fn(() => 'blob:profit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { requests, view } = openProfit({
      'GET /api/profit': () => answer(PROFIT),
      'GET /api/profit/export': () =>
        new Response('Month,Fees collected\r\n2026-11,42000.00\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="profit-2026-11-24.csv"',
          },
        }),
    });
    await view;
    await screen.findAllByText(formatRupees(81000));
    await user.click(screen.getByRole('button', { name: m.export }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('profit-2026-11-24.csv');
    const exported = requests.find((request) => new URL(request.url).pathname === '/api/profit/export')!;
    expect(new URL(exported.url).searchParams.get('months')).toBe('12');
    expect(exported.headers.get('authorization')).toBe('Bearer test-token-123');
  });

  it('says why when the export fails', async () => {
    const user = userEvent.setup({ delay: null });
    const { view } = openProfit({
      'GET /api/profit': () => answer(PROFIT),
      'GET /api/profit/export': () => jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503),
    });
    await view;
    await screen.findAllByText(formatRupees(81000));
    await user.click(screen.getByRole('button', { name: m.export }));
    expect(await screen.findByText(m.exportFailed)).toBeTruthy();
  });
});
