import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, paginate, type FeeRecord } from '@app/shared';
import { fakeSession, jsonResponse, stubFetch } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

const m = messages.fees;

const fee = (n: number, overrides: Partial<FeeRecord> = {}): FeeRecord => ({
  id: `0b6c3f1e-2a4d-4e5f-8a9b-${String(n).padStart(12, '0')}`,
  subscription_id: '1c2d3e4f-5a6b-4c7d-8e9f-000000000001',
  student_id: '2d3e4f5a-6b7c-4d8e-9f0a-000000000001',
  first_name: `Student${n}`,
  last_name: 'Sharma',
  mobile: `98765432${String(n).padStart(2, '0')}`,
  email: `student${n}@example.com`,
  amount: 1500,
  duration: 3,
  unit: 'months',
  mode: 'UPI',
  kind: 'new',
  receipt_no: null,
  status: 'paid',
  // 09:05 UTC is 2:35 PM in the library's time zone (Asia/Kolkata).
  created_at: '2026-11-21T09:05:00.000Z',
  updated_at: '2026-11-22T18:40:00.000Z',
  ...overrides,
});

/** Answers /api/fee with `answer(url)`; records every request. */
function serveFees(answer: (url: URL) => Response | Promise<Response>) {
  const requests: Request[] = [];
  stubFetch(
    vi.fn<typeof fetch>(async (input) => {
      const request = input as Request;
      requests.push(request);
      return answer(new URL(request.url));
    }),
  );
  return requests;
}

const page = (fees: FeeRecord[], currentPage = 1, limit = 10, total = fees.length) =>
  jsonResponse({ status: true, message: 'OK', data: { fees, pagination: paginate(currentPage, limit, total) } });

const listRequests = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === '/api/fee');

/** The error screen (the toast is an alert too). */
async function findErrorScreen(): Promise<HTMLElement> {
  const title = await screen.findByText(messages.errorScreen.title);
  return title.closest<HTMLElement>('[role="alert"]')!;
}

const openReport = () => openSignedIn('/app/fee-report', m.title);

describe('Fee report', { timeout: 30_000 }, () => {
  it('shows each fee in the spec formats, sorted by name at first', async () => {
    const requests = serveFees(() =>
      page([fee(1), fee(2, { last_name: null, amount: 123456.5, duration: 1, status: 'pending' })]),
    );
    await openReport();
    const table = await screen.findByRole('table', { name: m.title });
    await within(table).findByText('Student1 Sharma');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'No',
      'Student Name',
      'Mobile',
      'Amount',
      'Duration',
      'Status',
      'Created At',
      'Updated At',
      m.columns.actions,
    ]);
    const cells = (row: number) =>
      within(within(table).getAllByRole('row')[row]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(1)).toEqual([
      '1',
      'Student1 Sharma',
      '9876543201',
      '₹1,500.00',
      '3 months',
      'Paid',
      '21/11/2026 2:35 PM',
      '23/11/2026 12:10 AM',
      '',
    ]);
    expect(cells(2).slice(1, 6)).toEqual(['Student2', '9876543202', '₹1,23,456.50', '1 month', 'Pending']);
    const first = listRequests(requests)[0]!;
    expect(first.searchParams.get('sortBy')).toBe('name');
    expect(first.searchParams.get('sortOrder')).toBe('ASC');
    expect(first.searchParams.get('page')).toBe('1');
    expect(first.searchParams.get('limit')).toBe('10');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer test-token-123');
  });

  it('links each fee with a receipt number to its receipt, and shows a void fee struck through as VOID and a refund below ₹0', async () => {
    const user = userEvent.setup({ delay: null });
    serveFees(() =>
      page([
        fee(1, { receipt_no: 'GDL/2026-27/0001' }),
        fee(2, { receipt_no: 'GDL/2026-27/0002', status: 'void' }),
        fee(3, { amount: -500, kind: 'adjustment' }),
      ]),
    );
    const { router } = await openReport();
    const table = await screen.findByRole('table', { name: m.title });
    const rows = within(table).getAllByRole('row').slice(1);
    await within(rows[0]!).findByText('Student1 Sharma');

    const voided = within(rows[1]!);
    expect(voided.getByText(messages.receipts.void)).toBeTruthy();
    expect(voided.getByText('₹1,500.00').tagName).toBe('S');
    expect(within(rows[0]!).getByText('₹1,500.00').tagName).not.toBe('S');
    expect(within(rows[2]!).getByText('-₹500.00')).toBeTruthy();
    // A refund has no receipt of its own: no link.
    expect(within(rows[2]!).queryByRole('link')).toBeNull();

    const link = voided.getByRole('link', { name: messages.receipts.actions.openFor('GDL/2026-27/0002') });
    expect(link.getAttribute('href')).toBe(`/app/receipts/${fee(2).id}`);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/receipts/${fee(2).id}`));
    expect(router.state.location.state).toEqual({ from: '/app/fee-report' });
  });

  it("shows the desk the report without Export CSV (issue 16: exports are not the desk's)", async () => {
    serveFees(() => page([fee(1)]));
    await openSignedIn('/app/fee-report', m.title, { ...fakeSession, role: 'desk' });
    await screen.findByText('Student1 Sharma');
    expect(screen.queryByRole('button', { name: m.export })).toBeNull();
  });

  it('says "No Record found" when there are no fees', async () => {
    serveFees(() => page([]));
    await openReport();
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });

  it('numbers rows across pages and offers the spec page sizes', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serveFees((url) => {
      const current = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const fees = Array.from({ length: Math.min(limit, 12 - (current - 1) * limit) }, (_, i) =>
        fee((current - 1) * limit + i + 1),
      );
      return page(fees, current, limit, 12);
    });
    await openReport();
    await screen.findByText('Student1 Sharma');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Student11 Sharma');
    const table = screen.getByRole('table', { name: m.title });
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]!.textContent).toBe('11');

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['5', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(listRequests(requests).at(-1)!.searchParams.get('limit')).toBe('25'));
    expect(listRequests(requests).at(-1)!.searchParams.get('page')).toBe('1');
  });

  it('searches on Enter, and clearing the search sorts by the latest update', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serveFees((url) => page(url.searchParams.get('search') ? [fee(7)] : [fee(1), fee(2)]));
    await openReport();
    await screen.findByText('Student2 Sharma');
    await user.type(screen.getByRole('textbox', { name: m.searchPlaceholder }), 'Student7{Enter}');
    await screen.findByText('Student7 Sharma');
    expect(listRequests(requests).at(-1)!.searchParams.get('search')).toBe('Student7');

    await user.click(screen.getByRole('button', { name: m.clearSearch }));
    await screen.findByText('Student2 Sharma');
    const last = listRequests(requests).at(-1)!;
    expect(last.searchParams.get('search')).toBeNull();
    expect(last.searchParams.get('sortBy')).toBe('updated_at');
    expect(last.searchParams.get('sortOrder')).toBe('DESC');
    expect(screen.getByRole('textbox', { name: m.searchPlaceholder })).toHaveProperty('value', '');
  });

  it('searches with the Search button', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serveFees(() => page([fee(1)]));
    await openReport();
    await screen.findByText('Student1 Sharma');
    await user.type(screen.getByRole('textbox', { name: m.searchPlaceholder }), '98765');
    expect(listRequests(requests)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: m.search }));
    await waitFor(() => expect(listRequests(requests).at(-1)!.searchParams.get('search')).toBe('98765'));
  });

  it('shows the error screen with the server message, the list emptied', async () => {
    serveFees(() => jsonResponse({ status: false, code: 400, message: 'search is too long', errors: [] }, 400));
    await openReport();
    const alert = await findErrorScreen();
    expect(within(alert).getByText(messages.errorScreen.title)).toBeTruthy();
    expect(within(alert).getByText('search is too long')).toBeTruthy();
    // The toast says it too.
    await waitFor(() => expect(screen.getAllByText('search is too long')).toHaveLength(2));
    expect(screen.queryByRole('table', { name: m.title })).toBeNull();
    expect(screen.getByRole('button', { name: m.export })).toHaveProperty('disabled', true);
  });

  it('falls back to "Failed to fetch fees", and REFRESH PAGE asks again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    serveFees(() => (fail ? new Response('gateway down', { status: 502 }) : page([fee(1)])));
    await openReport();
    const alert = await findErrorScreen();
    expect(within(alert).getByText(m.fetchFailed)).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findByText('Student1 Sharma')).toBeTruthy();
  });

  it('exports the CSV with the current search and sort, sending the token', async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = vi.fn(() => 'blob:fee-report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const requests = serveFees((url) =>
      url.pathname === '/api/fee/export'
        ? new Response('Student Name,Mobile\r\nStudent7 Sharma,9876543207\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="fee-report-2026-11-21.csv"',
            },
          })
        : page([fee(7)]),
    );
    await openReport();
    await screen.findByText('Student7 Sharma');
    await user.type(screen.getByRole('textbox', { name: m.searchPlaceholder }), 'Student7{Enter}');
    await user.click(screen.getByRole('columnheader', { name: m.columns.amount }).querySelector('span')!);
    await waitFor(() => expect(listRequests(requests).at(-1)!.searchParams.get('sortBy')).toBe('amount'));

    await user.click(screen.getByRole('button', { name: m.export }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('fee-report-2026-11-21.csv');
    expect(clicked[0]!.href).toBe('blob:fee-report');
    const exportRequest = requests.find((request) => new URL(request.url).pathname === '/api/fee/export')!;
    const url = new URL(exportRequest.url);
    expect(url.searchParams.get('search')).toBe('Student7');
    expect(url.searchParams.get('sortBy')).toBe('amount');
    expect(url.searchParams.get('sortOrder')).toBe('ASC');
    expect(url.searchParams.get('page')).toBeNull();
    expect(exportRequest.headers.get('authorization')).toBe('Bearer test-token-123');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain('Student7 Sharma,9876543207');
  });

  it('tells why an export failed', async () => {
    const user = userEvent.setup({ delay: null });
    serveFees((url) =>
      url.pathname === '/api/fee/export'
        ? jsonResponse({ status: false, code: 400, message: 'Unknown sort key', errors: [] }, 400)
        : page([fee(1)]),
    );
    await openReport();
    await screen.findByText('Student1 Sharma');
    await user.click(screen.getByRole('button', { name: m.export }));
    expect(await screen.findByText('Unknown sort key')).toBeTruthy();
  });
});
