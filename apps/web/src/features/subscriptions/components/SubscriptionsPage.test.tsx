import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, PAGE_SIZES } from '@app/shared';
import { fakeSession, jsonResponse } from '@/test/fixtures';
import { serve } from '@/test/fixtures';
import { failure, listAnswer, m, openSubscriptions, ROWS, subscription } from './subscriptions.test-data';
import { LAZY_DIALOG_TIMEOUT } from '@/test/render';

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Subscription Management list', { timeout: 30_000 }, () => {
  it("shows the desk Renew but not Edit (issue 16: the desk creates and renews, changing is a manager's)", async () => {
    serve({ 'GET /api/subscription': () => listAnswer() });
    await openSubscriptions({ ...fakeSession, role: 'desk' });
    const table = await screen.findByRole('table', { name: m.heading });
    expect((await within(table).findAllByRole('button', { name: new RegExp(`^${m.renew}:`) })).length).toBeGreaterThan(
      0,
    );
    expect(within(table).queryAllByRole('button', { name: new RegExp(`^${m.edit}:`) })).toHaveLength(0);
  });

  it('shows the rows in the spec formats, sorted by plan expiry', async () => {
    const requests = serve({ 'GET /api/subscription': () => listAnswer() });
    await openSubscriptions();
    const table = await screen.findByRole('table', { name: m.heading });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // The spec's columns, and the balance (issue 13) before the actions.
    const { actions, ...specColumns } = m.columns;
    expect(headers).toEqual([...Object.values(specColumns), messages.payments.balance, actions]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(rows[0]!).slice(0, 8)).toEqual([
      '1',
      'Asha Verma',
      '9876543210',
      '6:00 AM - 2:00 PM',
      m.notReserved,
      // A word may follow the date (Expiring soon, Expired), depending on the machine's today.
      expect.stringMatching(/^31\/01\/2026/),
      '05/01/2026 10:00 AM',
      '06/01/2026 7:15 PM',
    ]);
    expect(cellsOf(rows[1]!).slice(1, 6)).toEqual([
      'Vikram',
      '9123456789',
      '10:00 PM - 6:00 AM',
      'A7Hall A',
      expect.stringMatching(/^31\/03\/2026/),
    ]);
    expect(within(rows[0]!).getByRole('button', { name: `${m.edit}: Asha Verma` })).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: `${m.renew}: Asha Verma` })).toBeTruthy();
    const url = new URL(requests.find((request) => request.url.includes('/api/subscription'))!.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      limit: '10',
      sortBy: 'plan_expire_at',
      sortOrder: 'ASC',
    });
  });

  it('numbers rows on from the previous pages and offers the spec page sizes', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/subscription': (request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return page === 2 ? listAnswer([subscription()], 2, 10, 11) : listAnswer(ROWS, 1, 10, 11);
      },
    });
    await openSubscriptions();
    await screen.findByText('Vikram');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    const table = screen.getByRole('table', { name: m.heading });
    await waitFor(() => expect(cellsOf(within(table).getAllByRole('row')[1]!)[0]).toBe('11'));
    expect(new URL(requests.at(-1)!.url).searchParams.get('page')).toBe('2');
    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    const sizes = screen.getAllByRole('option').map((option) => Number(option.textContent));
    expect(sizes).toEqual([...PAGE_SIZES]);
  });

  it('searches the server after a pause in typing, from page 1, and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/subscription': (request) =>
        new URL(request.url).searchParams.get('search') ? listAnswer([]) : listAnswer(),
    });
    await openSubscriptions();
    await screen.findByText('Vikram');
    await user.type(screen.getByPlaceholderText(m.searchPlaceholder), 'nobody');
    expect(await screen.findByText(m.empty)).toBeTruthy();
    const searches = requests.filter((request) => new URL(request.url).searchParams.has('search'));
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!.url).searchParams.get('search')).toBe('nobody');
  });

  it('filters by status', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({ 'GET /api/subscription': () => listAnswer() });
    await openSubscriptions();
    await screen.findByText('Vikram');
    await user.click(screen.getByRole('combobox', { name: m.filter.label }));
    await user.click(screen.getByRole('option', { name: m.filter.expiring }));
    await waitFor(() => expect(new URL(requests.at(-1)!.url).searchParams.get('status')).toBe('expiring'));
  });

  it('shows a centred spinner while loading, then the error screen and toast when the list fails', async () => {
    let reply: (response: Response) => void = () => undefined;
    serve({ 'GET /api/subscription': () => new Promise<Response>((resolve) => (reply = resolve)) });
    await openSubscriptions();
    expect(await screen.findByRole('progressbar', { name: messages.common.loading })).toBeTruthy();
    reply(jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503));
    expect(await screen.findByText(messages.errorScreen.title)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.errorScreen.refresh })).toBeTruthy();
    expect(await screen.findByText(m.fetchFailed)).toBeTruthy();
  });
});

describe('Renew and Update dialogs', { timeout: 30_000 }, () => {
  it('renews with the spec messages, an Idempotency-Key, Submiting... while busy, and the success toast', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const requests = serve({
      'GET /api/subscription': () => listAnswer(),
      [`PUT /api/subscription/renew/${ROWS[0]!.id}`]: () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    await openSubscriptions();
    await user.click(await screen.findByRole('button', { name: `${m.renew}: Asha Verma` }));
    const dialog = await screen.findByRole('dialog', { name: m.renewTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect(within(dialog).getByText('31/01/2026')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: m.renewSubmit }));
    expect(await within(dialog).findByText(m.feeRequired)).toBeTruthy();
    expect(within(dialog).getByText(m.durationRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.fee)), '2400');
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.duration)), '2');
    await user.click(within(dialog).getByRole('button', { name: m.renewSubmit }));
    const busy = await within(dialog).findByRole('button', { name: m.submitting });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toEqual({ fee: 2400, duration: 2, mode: 'Cash' });
    expect(put.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    const listCalls = requests.filter((request) => request.method === 'GET').length;
    reply(jsonResponse({ status: true, message: m.renewedServer, data: ROWS[0] }));
    expect(await screen.findByText(m.renewed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.renewTitle })).toBeNull());
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'GET').length).toBeGreaterThan(listCalls),
    );
  });

  it('says "Failed to get the area" when the subscription cannot be loaded for editing', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/subscription': () => listAnswer(),
      [`GET /api/subscription/${ROWS[0]!.id}`]: () => failure(404, m.notFound),
    });
    await openSubscriptions();
    await user.click(await screen.findByRole('button', { name: `${m.edit}: Asha Verma` }));
    expect(await screen.findByText(m.loadFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("updates the seat choice, showing the held seat and the server's message", async () => {
    const user = userEvent.setup({ delay: null });
    const reserved = ROWS[1]!;
    const requests = serve({
      'GET /api/subscription': () => listAnswer(),
      [`GET /api/subscription/${reserved.id}`]: () => jsonResponse({ status: true, message: 'OK', data: reserved }),
      [`PUT /api/subscription/${reserved.id}`]: () =>
        jsonResponse({ status: true, message: m.updatedServer, data: reserved }),
    });
    await openSubscriptions();
    await user.click(await screen.findByRole('button', { name: `${m.edit}: Vikram` }));
    const dialog = await screen.findByRole('dialog', { name: m.updateTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    const mobile = await within(dialog).findByLabelText(new RegExp(m.fields.mobile));
    expect((mobile as HTMLInputElement).readOnly).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.fields.reservedSeat) }).textContent).toBe(
      'A7 (Hall A)',
    );
    await user.click(within(dialog).getByRole('button', { name: m.updateSubmit }));
    expect(await screen.findByText(m.updatedServer)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toEqual({
      start_time: '22:00:00',
      end_time: '06:00:00',
      is_reserved: true,
      seat_id: reserved.seat_id,
    });
  });

  it('falls back to "Failed to update the seat" when the update fails without a message', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/subscription': () => listAnswer(),
      [`GET /api/subscription/${ROWS[0]!.id}`]: () => jsonResponse({ status: true, message: 'OK', data: ROWS[0] }),
      [`PUT /api/subscription/${ROWS[0]!.id}`]: () => jsonResponse({ status: false }, 500),
    });
    await openSubscriptions();
    await user.click(await screen.findByRole('button', { name: `${m.edit}: Asha Verma` }));
    const dialog = await screen.findByRole('dialog', { name: m.updateTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    await user.click(await within(dialog).findByRole('button', { name: m.updateSubmit }));
    expect(await screen.findByText(m.updateFailed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: m.updateTitle })).toBeTruthy();
  });
});
