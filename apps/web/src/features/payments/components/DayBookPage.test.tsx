import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatRupees, messages, todayIn, type DayBook } from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

configure({ asyncUtilTimeout: 5000 });

const m = messages.payments;
const d = m.dayBook;
const r = messages.receipts;

const payment = (overrides: Partial<DayBook['payments'][number]>): DayBook['payments'][number] => ({
  id: 'f1',
  subscription_id: 's1',
  student_id: 'st1',
  amount: 1500,
  mode: 'Cash',
  reference: null,
  receipt_no: null,
  kind: 'new',
  recorded_by: null,
  recorded_by_name: null,
  adjusts_id: null,
  reason: null,
  voided_at: null,
  voided_by_name: null,
  void_reason: null,
  first_name: 'Asha',
  last_name: 'Verma',
  mobile: '9876543210',
  // 04:30 UTC is 10:00 AM in Kolkata.
  created_at: '2026-01-05T04:30:00.000Z',
  ...overrides,
});

const BOOK: DayBook = {
  date: '2026-01-05',
  total: { count: 3, amount: 2250.5 },
  by_mode: [
    { mode: 'Cash', count: 1, amount: 1500 },
    { mode: 'UPI', count: 2, amount: 750.5 },
    // Left out of By mode: nothing came in by card.
    { mode: 'Card', count: 0, amount: 0 },
  ],
  by_collector: [
    { admin_id: 'a1', name: 'Priya Sharma', count: 2, amount: 750.5 },
    { admin_id: null, name: null, count: 1, amount: 1500 },
  ],
  payments: [
    payment({}),
    payment({
      id: 'f2',
      amount: 500.5,
      mode: 'UPI',
      reference: '123456789012',
      receipt_no: 'GDL/2025-26/0042',
      kind: 'balance',
      recorded_by: 'a1',
      recorded_by_name: 'Priya Sharma',
      first_name: 'Vikram',
      last_name: null,
      mobile: '9123456789',
      created_at: '2026-01-05T13:45:00.000Z',
    }),
    payment({
      id: 'f3',
      amount: 250,
      mode: 'UPI',
      reference: '210987654321',
      recorded_by: 'a1',
      recorded_by_name: 'Priya Sharma',
      created_at: '2026-01-05T14:00:00.000Z',
    }),
  ],
};

const EMPTY: DayBook = {
  date: '2026-01-04',
  total: { count: 0, amount: 0 },
  by_mode: [],
  by_collector: [],
  payments: [],
};

const answer = (book: DayBook) => jsonResponse({ status: true, message: 'OK', data: book });
const dayBookCalls = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url).pathname === '/api/day-book').map((r) => new URL(r.url));

function openDayBook(path: string, handlers: Record<string, Handler>) {
  const requests = serve(handlers);
  return { requests, view: openSignedIn(path, d.title) };
}

const section = (title: string) => screen.getByRole('region', { name: title });

describe('Day Book', { timeout: 30_000 }, () => {
  it("opens on today in the library's time zone, with the total, by mode, by who collected and every payment", async () => {
    const { requests, view } = openDayBook('/app/day-book', { 'GET /api/day-book': () => answer(BOOK) });
    await view;
    expect(await within(section(d.total)).findByText(formatRupees(2250.5))).toBeTruthy();
    expect(dayBookCalls(requests)[0]!.searchParams.get('date')).toBe(todayIn('Asia/Kolkata'));
    expect(within(section(d.total)).getByText(d.count(3))).toBeTruthy();

    const byMode = within(section(d.byMode)).getAllByRole('listitem');
    expect(byMode.map((item) => item.textContent)).toEqual([
      `Cash${d.count(1)}${formatRupees(1500)}`,
      `UPI${d.count(2)}${formatRupees(750.5)}`,
    ]);
    const byCollector = within(section(d.byCollector)).getAllByRole('listitem');
    expect(byCollector.map((item) => item.textContent)).toEqual([
      `Priya Sharma${d.count(2)}${formatRupees(750.5)}`,
      `${m.notRecorded}${d.count(1)}${formatRupees(1500)}`,
    ]);

    const table = screen.getByRole('table', { name: d.title });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(Object.values(d.columns));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10:00 AM', '—', 'Asha Verma', '9876543210', formatRupees(1500), 'Cash', '—', m.notRecorded, '—', '']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '7:15 PM',
      'GDL/2025-26/0042',
      'Vikram',
      '9123456789',
      formatRupees(500.5),
      'UPI',
      '123456789012',
      'Priya Sharma',
      '—',
      '',
    ]);
    // A payment with a receipt number links to its receipt; one without (a ₹0 fee, a refund) does not.
    expect(within(rows[0]!).queryByRole('link')).toBeNull();
    const link = within(rows[1]!).getByRole('link', { name: r.actions.openFor('GDL/2025-26/0042') });
    expect(link.getAttribute('href')).toBe('/app/receipts/f2');
  });

  it('marks a void payment VOID, struck through, with who voided it and why, and signs a refund with its reason', async () => {
    const book: DayBook = {
      ...BOOK,
      total: { count: 1, amount: 1500 },
      payments: [
        payment({ receipt_no: 'GDL/2025-26/0040' }),
        payment({
          id: 'f2',
          amount: 800,
          receipt_no: 'GDL/2025-26/0041',
          voided_at: '2026-01-05T06:00:00.000Z',
          voided_by_name: 'Priya Sharma',
          void_reason: 'Recorded twice',
        }),
        payment({ id: 'f3', amount: -500, kind: 'adjustment', adjusts_id: 'f1', reason: 'Left early' }),
      ],
    };
    const { view } = openDayBook('/app/day-book', { 'GET /api/day-book': () => answer(book) });
    await view;
    const table = await screen.findByRole('table', { name: d.title });
    await within(table).findByText('GDL/2025-26/0041');
    const rows = within(table).getAllByRole('row').slice(1);
    const voided = within(rows[1]!);
    expect(voided.getByText(r.void)).toBeTruthy();
    expect(voided.getByText(formatRupees(800)).tagName).toBe('S');
    expect(voided.getByText('Recorded twice')).toBeTruthy();
    expect(within(rows[0]!).queryByText(r.void)).toBeNull();
    const refund = within(rows[2]!);
    expect(refund.getByText('-₹500.00')).toBeTruthy();
    expect(refund.getByText(r.notes.refund('Left early'))).toBeTruthy();
    expect(refund.queryByRole('link')).toBeNull();
  });

  it('shows the day named in the address, and another day picked with the date picker', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, view } = openDayBook('/app/day-book?date=2026-01-05', {
      'GET /api/day-book': (request) =>
        answer(new URL(request.url).searchParams.get('date') === '2026-01-05' ? BOOK : EMPTY),
    });
    const { router } = await view;
    await within(section(d.total)).findByText(formatRupees(2250.5));
    expect(dayBookCalls(requests).map((url) => url.searchParams.get('date'))).toEqual(['2026-01-05']);

    const picker = screen.getByRole('group', { name: new RegExp(d.date) });
    await user.click(within(picker).getAllByRole('spinbutton')[0]!);
    await user.keyboard('04');
    await waitFor(() => expect(dayBookCalls(requests).at(-1)!.searchParams.get('date')).toBe('2026-01-04'));
    expect(router.state.location.search).toBe('?date=2026-01-04');
    expect(await within(section(d.total)).findByText(formatRupees(0))).toBeTruthy();
    expect(within(section(d.byMode)).getByText(d.empty)).toBeTruthy();
    expect(within(screen.getByRole('table', { name: d.title })).getByText(d.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: d.export })).toHaveProperty('disabled', true);
  });

  it('exports the day as CSV', async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = vi.fn(() => 'blob:day-book');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { requests, view } = openDayBook('/app/day-book?date=2026-01-05', {
      'GET /api/day-book': () => answer(BOOK),
      'GET /api/day-book/export': () =>
        new Response('Time,Student\r\n10:00 AM,Asha Verma\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="day-book-2026-01-05.csv"',
          },
        }),
    });
    await view;
    await within(section(d.total)).findByText(formatRupees(2250.5));
    await user.click(screen.getByRole('button', { name: d.export }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('day-book-2026-01-05.csv');
    const exported = requests.find((request) => new URL(request.url).pathname === '/api/day-book/export')!;
    expect(new URL(exported.url).searchParams.get('date')).toBe('2026-01-05');
    expect(exported.headers.get('authorization')).toBe('Bearer test-token-123');
  });

  it('shows the error screen and toast when the day book cannot load, and loads again on refresh', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const { view } = openDayBook('/app/day-book', {
      'GET /api/day-book': () =>
        fail ? jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503) : answer(BOOK),
    });
    await view;
    const title = await screen.findByRole('heading', { name: messages.errorScreen.title });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(d.fetchFailed)).toBeTruthy();
    // The toast says it too.
    // The toast shows once react-toastify has loaded (lib/toast.ts).
    await waitFor(() => expect(screen.getAllByText(d.fetchFailed)).toHaveLength(2));
    fail = false;
    await user.click(within(alert).getByRole('button', { name: messages.errorScreen.refresh }));
    const total = await screen.findByRole('region', { name: d.total });
    expect(await within(total).findByText(formatRupees(2250.5))).toBeTruthy();
  });
});
