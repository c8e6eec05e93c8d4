import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dueReference,
  formatDateDMY,
  formatRupees,
  messages,
  paginate,
  renderReminder,
  upiPayLink,
  type DueGroup,
  type DueRecord,
  type DuesSummary,
} from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn, LAZY_DIALOG_TIMEOUT } from '@/test/render';

const m = messages.dues;
const LIBRARY = 'Gyan Deep Library';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A due as the API answers it: its UPI link and reminder made by the shared builders. */
function due(n: number, overrides: Partial<DueRecord> = {}): DueRecord {
  const base = {
    subscription_id: `5a6b7c8d-9e0f-4a1b-8c2d-${String(n).padStart(12, '0')}`,
    student_id: `2d3e4f5a-6b7c-4d8e-9f0a-${String(n).padStart(12, '0')}`,
    group: 'expiring' as DueGroup,
    first_name: `Student${n}`,
    last_name: 'Verma',
    mobile: `98765432${String(n).padStart(2, '0')}`,
    is_reserved: true,
    seat_name: `A${n}`,
    area_name: 'Hall A',
    start_time: '06:00:00',
    end_time: '14:00:00',
    plan_expires_at: '2026-11-25',
    duration: 1,
    balance: 0,
    renewal_price: 1500,
    amount_due: 1500,
    last_reminded_at: null,
    last_reminder_channel: null,
    last_reminder_by: null,
    has_device: false,
    ...overrides,
  };
  const kind = base.group === 'unpaid' ? 'balance' : 'renewal';
  const reference = dueReference(base.subscription_id, base.plan_expires_at, kind);
  const name = `${base.first_name} ${base.last_name ?? ''}`.trim();
  const upiLink =
    overrides.upi_link === null
      ? null
      : upiPayLink({
          vpa: 'gyandeep@okaxis',
          payee: LIBRARY,
          amount: base.amount_due,
          note: m.upiNote(LIBRARY, name),
          reference,
        });
  return {
    upi_reference: reference,
    upi_link: upiLink,
    reminder_text: renderReminder(messages.settings.defaultReminderTemplate, {
      name,
      library: LIBRARY,
      expiry: formatDateDMY(base.plan_expires_at),
      amount: formatRupees(base.amount_due),
      upi_link: upiLink,
    }),
    ...base,
  };
}

const SUMMARY: DuesSummary = {
  expiring: { count: 2, amount: 3000 },
  expired: { count: 1, amount: 1200 },
  unpaid: { count: 1, amount: 750 },
  outstanding: { count: 4, amount: 4950 },
  reminders: { reminded: 3, paid: 2, amount: 2250 },
  expiring_days: 5,
  grace_days: 7,
};

const EXPIRING = [
  due(1),
  due(2, { is_reserved: false, seat_name: null, area_name: null, start_time: '18:00:00', end_time: '22:00:00' }),
];
const EXPIRED = [due(3, { group: 'expired', plan_expires_at: '2026-11-18', amount_due: 1200, renewal_price: 1200 })];
const UNPAID = [due(4, { group: 'unpaid', balance: 750, renewal_price: 0, amount_due: 750 })];
const BY_GROUP: Record<DueGroup, DueRecord[]> = { expiring: EXPIRING, expired: EXPIRED, unpaid: UNPAID };

const page = (dues: DueRecord[], summary: DuesSummary = SUMMARY) =>
  jsonResponse({ status: true, message: 'OK', data: { dues, pagination: paginate(1, 10, dues.length), summary } });

/** GET /api/dues answering each group's rows (or `rows`), plus any other handlers. */
function serveDues(handlers: Record<string, Handler> = {}, rows?: (group: DueGroup) => DueRecord[]) {
  return serve({
    'GET /api/dues': (request) => {
      const group = (new URL(request.url).searchParams.get('group') ?? 'expiring') as DueGroup;
      return page((rows ?? ((g: DueGroup) => BY_GROUP[g]))(group));
    },
    ...handlers,
  });
}

const listRequests = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === '/api/dues');

const openDues = (path = '/app/dues') => openSignedIn(path, m.title);
const groupCard = (group: DueGroup) => screen.getByRole('button', { name: new RegExp(`^${m.groups[group]}`) });
const table = () => screen.getByRole('table', { name: m.title });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;

/** Keeps a link's own navigation (a new tab, an app) from happening in jsdom; React's handlers still run. */
function holdLinkNavigation() {
  const hold = (event: Event) => {
    if ((event.target as Element).closest?.('a[href]')) event.preventDefault();
  };
  document.addEventListener('click', hold, true);
  return () => document.removeEventListener('click', hold, true);
}

describe('Dues', { timeout: 30_000 }, () => {
  it('shows the three groups with counts and totals, and the expiring dues in their formats', async () => {
    const requests = serveDues();
    await openDues();
    await within(table()).findByText('Student1 Verma');

    expect(groupCard('expiring').textContent).toContain(m.groupTotal(2, 3000));
    expect(groupCard('expiring').textContent).toContain(m.groupHelp.expiring(5));
    expect(groupCard('expired').textContent).toContain(m.groupTotal(1, 1200));
    expect(groupCard('expired').textContent).toContain(m.groupHelp.expired(7));
    expect(groupCard('unpaid').textContent).toContain(m.groupTotal(1, 750));
    expect(groupCard('expiring').getAttribute('aria-pressed')).toBe('true');
    expect(groupCard('unpaid').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(m.effect(3, 2, 2250))).toBeTruthy();

    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(Object.values(m.columns));
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .slice(0, 7)
        .map((cell) => cell.textContent);
    expect(cells('Student1 Verma')).toEqual([
      'Student1 Verma',
      '9876543201',
      'A1Hall A',
      '6:00 AM–2:00 PM',
      '25/11/2026',
      '₹1,500.00',
      m.notReminded,
    ]);
    expect(cells('Student2 Verma').slice(2, 4)).toEqual([m.pool, '6:00 PM–10:00 PM']);

    const first = listRequests(requests)[0]!;
    expect(first.searchParams.get('group')).toBe('expiring');
    expect(first.searchParams.get('sortBy')).toBe('plan_expires_at');
    expect(first.searchParams.get('sortOrder')).toBe('ASC');
    expect(first.searchParams.get('page')).toBe('1');
  });

  it('switches groups from the cards, keeps the group in the URL, and goes back with the history', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serveDues();
    const { router } = await openDues();
    await within(table()).findByText('Student1 Verma');

    await user.click(groupCard('expired'));
    await within(table()).findByText('Student3 Verma');
    expect(within(table()).queryByText('Student1 Verma')).toBeNull();
    expect(router.state.location.search).toBe('?group=expired');
    expect(groupCard('expired').getAttribute('aria-pressed')).toBe('true');
    expect(listRequests(requests).at(-1)!.searchParams.get('group')).toBe('expired');
    // The summary stays: the cards do not blink while a group loads.
    expect(groupCard('unpaid').textContent).toContain(m.groupTotal(1, 750));

    await user.click(groupCard('unpaid'));
    await within(table()).findByText('Student4 Verma');
    await act(() => router.navigate(-1));
    await within(table()).findByText('Student3 Verma');
    expect(groupCard('expired').getAttribute('aria-pressed')).toBe('true');
  });

  it('opens on the group the URL names', async () => {
    const requests = serveDues();
    await openDues('/app/dues?group=unpaid');
    await within(table()).findByText('Student4 Verma');
    expect(groupCard('unpaid').getAttribute('aria-pressed')).toBe('true');
    expect(listRequests(requests).map((url) => url.searchParams.get('group'))).toEqual(['unpaid']);
  });

  it('reminds on WhatsApp through a link naming the amount with the UPI link, and records it', async () => {
    const user = userEvent.setup({ delay: null });
    const release = holdLinkNavigation();
    const requests = serveDues(
      {
        'POST /api/dues/5a6b7c8d-9e0f-4a1b-8c2d-000000000004/reminders': () =>
          jsonResponse({ status: true, message: 'OK', data: {} }, 201),
      },
      (group) =>
        group !== 'unpaid'
          ? BY_GROUP[group]
          : requests.some((request) => request.method === 'POST')
            ? [
                {
                  ...UNPAID[0]!,
                  last_reminded_at: new Date().toISOString(),
                  last_reminder_channel: 'whatsapp',
                  last_reminder_by: 'Priya Sharma',
                },
              ]
            : UNPAID,
    );
    await openDues('/app/dues?group=unpaid');
    await within(table()).findByText('Student4 Verma');

    const link = within(rowOf('Student4 Verma')).getByRole('link', { name: `${m.remindWhatsApp}: Student4 Verma` });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const href = new URL(link.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/919876543204');
    const text = href.searchParams.get('text')!;
    expect(text).toContain('Hello Student4 Verma, this is Gyan Deep Library.');
    expect(text).toContain('₹750.00 is due');
    const upi = /upi:\/\/pay\?\S+/.exec(text)?.[0];
    expect(upi).toBe(UNPAID[0]!.upi_link);
    expect(upi).toMatch(/^upi:\/\/pay\?pa=gyandeep@okaxis&pn=Gyan%20Deep%20Library&am=750\.00&cu=INR&tn=[^&]+&tr=SL/);

    await user.click(link);
    expect(await screen.findByText(m.reminderRecorded)).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({ group: 'unpaid', channel: 'whatsapp' });
    expect(post.headers.get('authorization')).toBe('Bearer test-token-123');
    // The row is fetched again and says so.
    expect(await within(table()).findByText(m.remindedAgo(0))).toBeTruthy();
    release();
  });

  it('reminds by SMS with the same text, and says why a reminder was not recorded', async () => {
    const user = userEvent.setup({ delay: null });
    const release = holdLinkNavigation();
    const requests = serveDues({
      'POST /api/dues/5a6b7c8d-9e0f-4a1b-8c2d-000000000001/reminders': () =>
        jsonResponse({ status: false, code: 404, message: m.dueNotFound, errors: [] }, 404),
    });
    await openDues();
    await within(table()).findByText('Student1 Verma');
    const sms = within(rowOf('Student1 Verma')).getByRole('link', { name: `${m.remindSms}: Student1 Verma` });
    const href = sms.getAttribute('href')!;
    expect(href.startsWith('sms:+919876543201?body=')).toBe(true);
    expect(decodeURIComponent(href.slice(href.indexOf('=') + 1))).toBe(EXPIRING[0]!.reminder_text);

    await user.click(sms);
    expect(await screen.findByText(m.dueNotFound)).toBeTruthy();
    expect(await requests.find((request) => request.method === 'POST')!.json()).toEqual({
      group: 'expiring',
      channel: 'sms',
    });
    release();
  });

  it('refuses reminders to a mobile that cannot take WhatsApp, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serveDues({}, () => [due(5, { mobile: '12345' })]);
    await openDues();
    await within(table()).findByText('Student5 Verma');
    const row = rowOf('Student5 Verma');
    expect(within(row).queryByRole('link')).toBeNull();
    for (const label of [m.remindWhatsApp, m.remindSms]) {
      const button = within(row).getByRole('button', { name: `${label}: Student5 Verma` });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(m.noWhatsApp);
      await user.click(button);
    }
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells how and by whom the last reminder went, counted in days', async () => {
    const user = userEvent.setup({ delay: null });
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString();
    serveDues({}, () => [
      due(6, { last_reminded_at: twoDaysAgo, last_reminder_channel: 'sms', last_reminder_by: 'Priya Sharma' }),
    ]);
    await openDues();
    const reminded = await within(table()).findByText(m.remindedAgo(2));
    await user.hover(reminded);
    // The tooltip fades in; a loaded machine takes its time.
    expect(await screen.findByRole('tooltip', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'SMS by Priya Sharma',
    );
  });

  it('shows the UPI QR as an SVG of the due’s link, with the amount and payee, and copies the link', async () => {
    const user = userEvent.setup({ delay: null });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serveDues();
    await openDues('/app/dues?group=unpaid');
    await within(table()).findByText('Student4 Verma');
    await user.click(within(rowOf('Student4 Verma')).getByRole('button', { name: `${m.showQr}: Student4 Verma` }));

    const dialog = await screen.findByRole('dialog', { name: new RegExp(m.qr.title) });
    const image = await within(dialog).findByRole(
      'img',
      { name: `${m.qr.title}: ${m.qr.amount(750)}` },
      { timeout: 10_000 },
    );
    const svg = image.querySelector('svg')!;
    expect(svg).toBeTruthy();
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(within(dialog).getByText(m.qr.amount(750))).toBeTruthy();
    expect(within(dialog).getByText(m.qr.payee(LIBRARY, 'gyandeep@okaxis'))).toBeTruthy();
    expect((within(dialog).getByLabelText(m.qr.link) as HTMLTextAreaElement).value).toBe(UNPAID[0]!.upi_link);

    await user.click(within(dialog).getByRole('button', { name: m.qr.copyLink }));
    expect(writeText).toHaveBeenCalledWith(UNPAID[0]!.upi_link);
    expect(await screen.findByText(m.qr.copied)).toBeTruthy();
  });

  it('without a UPI ID, the QR dialog leads to Settings', async () => {
    const user = userEvent.setup({ delay: null });
    serveDues({}, () => [due(7, { upi_link: null })]);
    const { router } = await openDues();
    await within(table()).findByText('Student7 Verma');
    await user.click(within(rowOf('Student7 Verma')).getByRole('button', { name: `${m.showQr}: Student7 Verma` }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(m.qr.title) });
    expect(within(dialog).getByText(m.qr.noUpi)).toBeTruthy();
    expect(within(dialog).queryByRole('img')).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: m.qr.openSettings }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/settings'));
  });

  it('records a payment with the payments dialog, and the cleared due leaves at once', async () => {
    const user = userEvent.setup({ delay: null });
    let paid = false;
    const requests = serveDues(
      {
        'POST /api/subscription/5a6b7c8d-9e0f-4a1b-8c2d-000000000004/payments': () => {
          paid = true;
          return jsonResponse({ status: true, message: 'OK', data: {} }, 201);
        },
      },
      (group) => (group === 'unpaid' && paid ? [] : BY_GROUP[group]),
    );
    await openDues('/app/dues?group=unpaid');
    await within(table()).findByText('Student4 Verma');
    // Nothing of an expiring plan's agreed price is unpaid: no payment to record on it.
    expect(screen.queryByRole('button', { name: `${m.recordPayment}: Student1 Verma` })).toBeNull();

    await user.click(
      within(rowOf('Student4 Verma')).getByRole('button', { name: `${m.recordPayment}: Student4 Verma` }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: messages.payments.recordTitle },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    expect((within(dialog).getByLabelText(new RegExp(`^${messages.payments.amount}`)) as HTMLInputElement).value).toBe(
      '750',
    );
    await user.click(within(dialog).getByRole('button', { name: messages.payments.submit }));

    expect(await screen.findByText(m.empty)).toBeTruthy();
    const payment = requests.find((request) => request.method === 'POST')!;
    expect(await payment.json()).toMatchObject({ amount: 750, mode: 'Cash' });
    expect(listRequests(requests).filter((url) => url.searchParams.get('group') === 'unpaid')).toHaveLength(2);
  });

  it('says "No dues here" for an empty group, with export off', async () => {
    serveDues({}, () => []);
    await openDues();
    expect(await screen.findByText(m.empty)).toBeTruthy();
    expect(screen.getByRole('button', { name: m.export })).toHaveProperty('disabled', true);
  });

  it('shows the error screen with the fallback when the dues cannot load, and REFRESH PAGE asks again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    serve({
      'GET /api/dues': () => (fail ? new Response('<html>bad gateway</html>', { status: 502 }) : page(EXPIRING)),
    });
    await openDues();
    const title = await screen.findByText(messages.errorScreen.title);
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(m.fetchFailed)).toBeTruthy();
    expect(screen.queryByRole('table', { name: m.title })).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: messages.errorScreen.refresh }));
    const list = await screen.findByRole('table', { name: m.title });
    expect(await within(list).findByText('Student1 Verma')).toBeTruthy();
  });

  it('searches as one types and exports the CSV of the group with the search and sort', async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = vi.fn(() => 'blob:dues');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const requests = serveDues({
      'GET /api/dues/export': () =>
        new Response('Student,Mobile\r\nStudent3 Verma,9876543203\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="dues-expired.csv"' },
        }),
    });
    await openDues('/app/dues?group=expired');
    await within(table()).findByText('Student3 Verma');
    await user.type(screen.getByRole('searchbox', { name: m.searchPlaceholder }), 'Student3');
    await waitFor(() => expect(listRequests(requests).at(-1)!.searchParams.get('search')).toBe('Student3'));
    await user.click(screen.getByRole('columnheader', { name: m.columns.amountDue }).querySelector('span')!);
    await waitFor(() => expect(listRequests(requests).at(-1)!.searchParams.get('sortBy')).toBe('amount_due'));
    // While the sorted page loads the list has no rows, so Export is disabled; it comes back with them.
    await within(table()).findByText('Student3 Verma');
    const exportButton = screen.getByRole('button', { name: m.export });
    await waitFor(() => expect((exportButton as HTMLButtonElement).disabled).toBe(false));

    await user.click(exportButton);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('dues-expired.csv');
    const exportRequest = requests.find((request) => new URL(request.url).pathname === '/api/dues/export')!;
    const url = new URL(exportRequest.url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      group: 'expired',
      sortBy: 'amount_due',
      sortOrder: 'ASC',
      search: 'Student3',
    });
    expect(exportRequest.headers.get('authorization')).toBe('Bearer test-token-123');
  });
});
