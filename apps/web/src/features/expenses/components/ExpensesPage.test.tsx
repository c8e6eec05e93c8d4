import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatRupees, messages, todayIn, type ExpenseMonth, type ExpenseRecord } from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn, LAZY_DIALOG_TIMEOUT } from '@/test/render';
import { shiftMonth } from '../hooks/use-expense-month';

configure({ asyncUtilTimeout: 5000 });

const m = messages.expenses;
const r = m.recurring;
const THIS_MONTH = todayIn('Asia/Kolkata').slice(0, 7);
const LAST_MONTH = shiftMonth(THIS_MONTH, -1);
const RENT_ID = '6a000000-0000-4000-8000-000000000001';
const RECURRING_ID = '6b000000-0000-4000-8000-000000000001';

const expense = (overrides: Partial<ExpenseRecord>): ExpenseRecord => ({
  id: RENT_ID,
  date: `${THIS_MONTH}-01`,
  category: 'rent',
  amount: 12000,
  note: null,
  mode: 'Bank Transfer',
  recurring_id: RECURRING_ID,
  recorded_by_name: null,
  created_at: `${THIS_MONTH}-01T00:30:00.000Z`,
  ...overrides,
});

const MONTH: ExpenseMonth = {
  month: THIS_MONTH,
  total: 12430.5,
  by_category: [
    { category: 'rent', amount: 12000, count: 1 },
    { category: 'Water cans', amount: 430.5, count: 2 },
  ],
  expenses: [
    expense({
      id: '6a000000-0000-4000-8000-000000000003',
      date: `${THIS_MONTH}-01`,
      category: 'Water cans',
      amount: 250,
      note: '10 cans',
      mode: 'Cash',
      recurring_id: null,
      recorded_by_name: 'Priya Sharma',
    }),
    expense({
      id: '6a000000-0000-4000-8000-000000000002',
      category: 'Water cans',
      amount: 180.5,
      mode: 'UPI',
      recurring_id: null,
      recorded_by_name: 'Priya Sharma',
    }),
    expense({}),
  ],
  recurring: [
    {
      id: RECURRING_ID,
      category: 'rent',
      amount: 12000,
      note: 'Shop 4',
      mode: 'Bank Transfer',
      day_of_month: 1,
      start_month: `${THIS_MONTH}-01`,
      created_at: `${THIS_MONTH}-01T00:00:00.000Z`,
    },
  ],
};

const EMPTY: ExpenseMonth = { month: LAST_MONTH, total: 0, by_category: [], expenses: [], recurring: [] };

const answer = (month: ExpenseMonth) => jsonResponse({ status: true, message: 'OK', data: month });
const done = (message: string) => jsonResponse({ status: true, message, data: null });
const monthCalls = (requests: Request[]) =>
  requests
    .filter((request) => request.method === 'GET' && new URL(request.url).pathname === '/api/expenses')
    .map((request) => new URL(request.url).searchParams.get('month'));

function openExpenses(path: string, handlers: Record<string, Handler>) {
  const requests = serve(handlers);
  return { requests, view: openSignedIn(path, m.title) };
}

const region = (name: string) => screen.getByRole('region', { name });
const expensesTable = () => screen.getByRole('table', { name: m.title });
const rentName = `${m.categories.rent} ${formatRupees(12000)} on 01/${THIS_MONTH.slice(5)}/${THIS_MONTH.slice(0, 4)}`;

describe('Expenses', { timeout: 30_000 }, () => {
  it('opens on this month with its total, categories, entries and the monthly expenses', async () => {
    const { requests, view } = openExpenses('/app/expenses', { 'GET /api/expenses': () => answer(MONTH) });
    await view;
    expect(await within(region(m.total)).findByText(formatRupees(12430.5))).toBeTruthy();
    expect(within(region(m.total)).getByText(m.count(3))).toBeTruthy();
    expect(monthCalls(requests)).toEqual([THIS_MONTH]);
    expect(
      within(region(m.byCategory))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Rent${m.count(1)}${formatRupees(12000)}`, `Water cans${m.count(2)}${formatRupees(430.5)}`]);

    const rows = within(expensesTable()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const rentCells = within(rows[2]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(rentCells.slice(0, 6)).toEqual([
      `01/${THIS_MONTH.slice(5)}/${THIS_MONTH.slice(0, 4)}`,
      `Rent${m.monthlyChip}`,
      formatRupees(12000),
      'Bank Transfer',
      '—',
      '—',
    ]);
    expect(within(rows[0]!).queryByText(m.monthlyChip)).toBeNull();
    expect(within(rows[0]!).getByText('Priya Sharma')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: m.editAction(rentName) })).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: m.deleteAction(rentName) })).toBeTruthy();

    const monthly = within(region(r.title)).getByRole('table', { name: r.title });
    const monthlyCells = within(within(monthly).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(monthlyCells.slice(0, 6)).toEqual([
      'Rent',
      formatRupees(12000),
      r.everyMonth(1),
      new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${THIS_MONTH}-01T00:00:00Z`),
      ),
      'Bank Transfer',
      'Shop 4',
    ]);
    expect(screen.getByRole('button', { name: m.nextMonth })).toHaveProperty('disabled', true);
  });

  it('steps to the month before, kept in the address, and says when it had no expenses', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, view } = openExpenses('/app/expenses', {
      'GET /api/expenses': (request) =>
        answer(new URL(request.url).searchParams.get('month') === THIS_MONTH ? MONTH : EMPTY),
    });
    const { router } = await view;
    await within(region(m.total)).findByText(formatRupees(12430.5));
    await user.click(screen.getByRole('button', { name: m.previousMonth }));
    await waitFor(() => expect(monthCalls(requests).at(-1)).toBe(LAST_MONTH));
    expect(router.state.location.search).toBe(`?month=${LAST_MONTH}`);
    expect(await within(expensesTable()).findByText(m.empty)).toBeTruthy();
    expect(within(region(m.total)).getByText(formatRupees(0))).toBeTruthy();
    expect(within(region(r.title)).getByText(r.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: m.nextMonth })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: m.nextMonth }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('deletes an expense after asking, naming it, and fetches the month again', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, view } = openExpenses('/app/expenses', {
      'GET /api/expenses': () => answer(MONTH),
      [`DELETE /api/expenses/${RENT_ID}`]: () => done(m.deleted),
    });
    await view;
    await within(region(m.total)).findByText(formatRupees(12430.5));
    await user.click(screen.getByRole('button', { name: m.deleteAction(rentName) }));
    const confirm = screen.getByRole('dialog', { name: m.deleteTitle });
    expect(
      within(confirm).getByText(m.deleteConfirm('Rent', 12000, `01/${THIS_MONTH.slice(5)}/${THIS_MONTH.slice(0, 4)}`)),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: m.delete }));
    expect(await screen.findByText(m.deleted)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(monthCalls(requests)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.deleteTitle })).toBeNull());
  });

  it('stops a monthly expense after asking, and opens Edit from a row with what it holds', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, view } = openExpenses('/app/expenses', {
      'GET /api/expenses': () => answer(MONTH),
      [`DELETE /api/expenses/recurring/${RECURRING_ID}`]: () => done(r.stopped),
    });
    await view;
    await within(region(m.total)).findByText(formatRupees(12430.5));
    const monthlyName = r.described('Rent', 12000);
    await user.click(screen.getByRole('button', { name: r.stopAction(monthlyName) }));
    const confirm = screen.getByRole('dialog', { name: r.stopTitle });
    expect(within(confirm).getByText(r.stopConfirm)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: r.stop }));
    expect(await screen.findByText(r.stopped)).toBeTruthy();
    expect(
      requests.filter((request) => request.method === 'DELETE').map((request) => new URL(request.url).pathname),
    ).toEqual([`/api/expenses/recurring/${RECURRING_ID}`]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: r.stopTitle })).toBeNull());

    await user.click(screen.getByRole('button', { name: m.editAction(rentName) }));
    const dialog = await screen.findByRole('dialog', { name: m.editTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.category) }).textContent).toBe('Rent');
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.mode) }).textContent).toBe('Bank Transfer');
  });

  it('shows the error screen and a toast when the month cannot load, and loads again on refresh', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const { view } = openExpenses('/app/expenses', {
      'GET /api/expenses': () =>
        fail ? jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503) : answer(MONTH),
    });
    await view;
    const title = await screen.findByRole('heading', { name: messages.errorScreen.title });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(m.fetchFailed)).toBeTruthy();
    // The toast shows once react-toastify has loaded (lib/toast.ts).
    await waitFor(() => expect(screen.getAllByText(m.fetchFailed)).toHaveLength(2));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: messages.errorScreen.refresh }));
    expect(
      await within(await screen.findByRole('region', { name: m.total })).findByText(formatRupees(12430.5)),
    ).toBeTruthy();
  });

  it('shows placeholders while the month loads', async () => {
    const { view } = openExpenses('/app/expenses', {
      'GET /api/expenses': () => new Promise<Response>(() => undefined),
    });
    await view;
    expect(expensesTable().getAttribute('aria-busy')).toBe('true');
    expect(within(region(m.total)).queryByText(formatRupees(0))).toBeNull();
    expect(screen.getByRole('table', { name: r.title }).getAttribute('aria-busy')).toBe('true');
  });
});
