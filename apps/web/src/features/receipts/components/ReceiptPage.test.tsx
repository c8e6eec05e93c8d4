import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type ReceiptDocument } from '@app/shared';
import { jsonResponse, serve, storeSession, type Handler } from '@/test/fixtures';
import { openSignedIn, renderApp, LAZY_DIALOG_TIMEOUT } from '@/test/render';

configure({ asyncUtilTimeout: 5000 });

const r = messages.receipts;
const s = r.screen;
const a = r.actions;
const ID = '0b6c3f1e-2a4d-4e5f-8a9b-000000000042';
const BASE = `/api/receipts/${ID}`;

const RECEIPT: ReceiptDocument = {
  payment_id: ID,
  receipt_no: 'GDL/2026-27/0042',
  type: 'receipt',
  date: '2026-05-05',
  time: '10:00',
  library: { name: 'Gyan Deep Library', address: 'MG Road, Pune', phone: '9876543210', email: 'owner@gyandeep.in' },
  student: { name: 'Asha Verma', mobile: '9123456789' },
  plan: {
    duration_months: 1,
    is_reserved: false,
    seat_name: null,
    area_name: null,
    start_time: '08:00:00',
    end_time: '14:00:00',
    period_start: '2026-05-05',
    period_end: '2026-06-04',
  },
  kind: 'new',
  amount: 1500,
  amount_in_words: 'Rupees One Thousand Five Hundred only',
  mode: 'Cash',
  reference: null,
  received_by: 'Priya Sharma',
  tax: null,
  adjusts: null,
  void: null,
};

const ok = (data: unknown) => jsonResponse({ status: true, message: 'OK', data });
const page = (paper: string) => `<!doctype html><html><body><h1>GDL/2026-27/0042 on ${paper}</h1></body></html>`;
const html = (request: Request) =>
  new Response(page(new URL(request.url).searchParams.get('paper') ?? ''), {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });

function openReceipt(handlers: Record<string, Handler>, heading = s.heading('receipt', RECEIPT.receipt_no)) {
  const requests = serve({ [`GET ${BASE}`]: () => ok(RECEIPT), [`GET ${BASE}/view`]: html, ...handlers });
  const view = openSignedIn(`/app/receipts/${ID}`, heading);
  return { requests, view };
}

const frame = () => screen.getByTitle(s.preview(RECEIPT.receipt_no)) as HTMLIFrameElement;
const calls = (requests: Request[], method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

afterEach(() => vi.restoreAllMocks());

describe('Receipt screen', { timeout: 30_000 }, () => {
  it("shows the receipt's number, student, amount and date, its printable page in a frame, A5 first, then 80 mm", async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, view } = openReceipt({});
    await view;
    expect(screen.getByText('Asha Verma · ₹1,500.00 · 05/05/2026')).toBeTruthy();
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toBe(page('a5')));
    expect(frame().getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    const viewCall = calls(requests, 'GET', `${BASE}/view`)[0]!;
    expect(viewCall.headers.get('authorization')).toBe('Bearer test-token-123');

    await user.click(screen.getByRole('button', { name: s.papers['80mm'] }));
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toBe(page('80mm')));
    expect(screen.getByRole('button', { name: s.papers['80mm'] }).getAttribute('aria-pressed')).toBe('true');
    // A plain receipt is void-able and adjustable.
    expect(screen.getByRole('button', { name: r.voidAction })).toBeTruthy();
    expect(screen.getByRole('button', { name: r.adjustAction })).toBeTruthy();
    expect(screen.getByRole('link', { name: s.back }).getAttribute('href')).toBe('/app/day-book');
  });

  it('prints the page shown, and for the other paper switches the frame and prints once it has loaded', async () => {
    const user = userEvent.setup({ delay: null });
    // What each print call printed: the page in the frame at that moment.
    const printed: (string | null)[] = [];
    const print = vi.fn(() => printed.push(frame().getAttribute('srcdoc')));
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue({ print } as unknown as Window);
    const { view } = openReceipt({});
    await view;
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toBe(page('a5')));
    fireEvent.load(frame());
    await user.click(screen.getByRole('button', { name: a.print }));
    expect(printed).toEqual([page('a5')]);

    await user.click(screen.getByRole('button', { name: a.printThermal }));
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toBe(page('80mm')));
    fireEvent.load(frame());
    await waitFor(() => expect(printed).toEqual([page('a5'), page('80mm')]));
    // A later load of the same page (the frame reloaded) prints nothing more.
    fireEvent.load(frame());
    expect(print).toHaveBeenCalledTimes(2);
  });

  it('downloads the PDF of the paper shown', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { requests, view } = openReceipt({
      [`GET ${BASE}/pdf`]: () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="receipt-GDL-2026-27-0042.pdf"',
          },
        }),
    });
    await view;
    await user.click(screen.getByRole('button', { name: a.download }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('receipt-GDL-2026-27-0042.pdf');
    expect(new URL(calls(requests, 'GET', `${BASE}/pdf`)[0]!.url).searchParams.get('paper')).toBe('a5');
  });

  it('shares: the first tap makes the link and opens WhatsApp, then Share is a plain link; Copy link copies it', async () => {
    const user = userEvent.setup({ delay: null });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const link = {
      url: 'https://library.example/r/abc123',
      whatsapp_url: 'https://wa.me/919123456789?text=Receipt',
      created_at: '2026-05-05T05:00:00.000Z',
    };
    const { requests, view } = openReceipt({
      [`POST ${BASE}/links`]: () => jsonResponse({ status: true, data: link }, 201),
    });
    await view;
    await user.click(screen.getByRole('button', { name: a.share }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(link.whatsapp_url, '_blank', 'noopener,noreferrer'));
    const share = await screen.findByRole('link', { name: a.share });
    expect(share.getAttribute('href')).toBe(link.whatsapp_url);
    expect(share.getAttribute('target')).toBe('_blank');
    expect((screen.getByLabelText(s.sharedLink) as HTMLInputElement).value).toBe(link.url);

    await user.click(screen.getByRole('button', { name: a.copyLink }));
    expect(await screen.findByText(a.linkCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link.url);
    // One link for the visit: copying did not make another.
    expect(calls(requests, 'POST', `${BASE}/links`)).toHaveLength(1);
  });

  it('revokes the shared links after asking, and forgets the link', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const link = { url: 'https://library.example/r/abc', whatsapp_url: 'https://wa.me/?text=x', created_at: '' };
    const { requests, view } = openReceipt({
      [`POST ${BASE}/links`]: () => jsonResponse({ status: true, data: link }, 201),
      [`DELETE ${BASE}/links`]: () => jsonResponse({ status: true, message: 'OK', data: null }),
    });
    await view;
    await user.click(screen.getByRole('button', { name: a.share }));
    await screen.findByRole('link', { name: a.share });
    await user.click(screen.getByRole('button', { name: a.revoke }));
    const confirm = await screen.findByRole('dialog', { name: s.revokeTitle });
    expect(within(confirm).getByText(a.revokeConfirm)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: a.revoke }));
    expect(await screen.findByText(a.revoked)).toBeTruthy();
    expect(calls(requests, 'DELETE', `${BASE}/links`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: a.share })).toBeNull());
    expect(screen.queryByLabelText(s.sharedLink)).toBeNull();
    expect(await screen.findByRole('button', { name: a.share })).toBeTruthy();
  });

  it('voids the payment from its receipt with a reason, then shows the receipt as the server has it now: VOID', async () => {
    const user = userEvent.setup({ delay: null });
    let voidedAt: string | null = null;
    const { requests, view } = openReceipt({
      [`GET ${BASE}`]: () =>
        ok(voidedAt ? { ...RECEIPT, void: { at: voidedAt, by: 'Priya Sharma', reason: 'Recorded twice' } } : RECEIPT),
      [`POST /api/payments/${ID}/void`]: () => {
        voidedAt = '2026-05-06 10:00';
        return jsonResponse({ status: true, message: r.voided, data: { payment: {}, account: {} } });
      },
    });
    await view;
    await user.click(screen.getByRole('button', { name: r.voidAction }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: r.voidTitle(RECEIPT.receipt_no) },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    await user.click(within(dialog).getByRole('button', { name: r.voidSubmit }));
    expect(await within(dialog).findByText(r.voidReasonRequired)).toBeTruthy();
    expect(calls(requests, 'POST', `/api/payments/${ID}/void`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(r.voidReason) }), 'Recorded twice');
    await user.click(within(dialog).getByRole('button', { name: r.voidSubmit }));
    expect(await screen.findByText(r.voided)).toBeTruthy();
    expect(await screen.findByText(r.voidedNote('06/05/2026 10:00 AM', 'Priya Sharma', 'Recorded twice'))).toBeTruthy();
    // The printable page is fetched again too: it now carries the VOID mark.
    await waitFor(() => expect(calls(requests, 'GET', `${BASE}/view`).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: r.voidAction })).toBeNull());
  });

  it('marks a void receipt VOID with who, when and why, and offers no corrections', async () => {
    const voided = {
      ...RECEIPT,
      void: { at: '2026-05-06 10:00', by: 'Priya Sharma', reason: 'Recorded twice' },
    };
    const { view } = openReceipt({ [`GET ${BASE}`]: () => ok(voided) });
    await view;
    expect(screen.getByText(r.void)).toBeTruthy();
    expect(screen.getByText(r.voidedNote('06/05/2026 10:00 AM', 'Priya Sharma', 'Recorded twice'))).toBeTruthy();
    expect(screen.getByText(s.voidLocked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: r.voidAction })).toBeNull();
    expect(screen.queryByRole('button', { name: r.adjustAction })).toBeNull();
  });

  it('links an adjustment to its original receipt, and offers Void only', async () => {
    const adjustment: ReceiptDocument = {
      ...RECEIPT,
      kind: 'adjustment',
      amount: 300,
      adjusts: { payment_id: 'original-id', receipt_no: 'GDL/2026-27/0040', reason: 'Paid the rest' },
    };
    const { view } = openReceipt({ [`GET ${BASE}`]: () => ok(adjustment) });
    await view;
    expect(screen.getByText(r.adjustsNote('GDL/2026-27/0040', 'Paid the rest'))).toBeTruthy();
    const original = screen.getByRole('link', { name: s.openOriginal('GDL/2026-27/0040') });
    expect(original.getAttribute('href')).toBe('/app/receipts/original-id');
    expect(screen.getByRole('button', { name: r.voidAction })).toBeTruthy();
    expect(screen.queryByRole('button', { name: r.adjustAction })).toBeNull();
    expect(screen.getByText(s.adjustmentOnly)).toBeTruthy();
  });

  it('heads a tax invoice as one', async () => {
    const invoice: ReceiptDocument = {
      ...RECEIPT,
      type: 'tax_invoice',
      tax: {
        gstin: '27AAPFU0939F1ZV',
        sac: '998451',
        rate: 18,
        supplier_state: { code: '27', name: 'Maharashtra' },
        place_of_supply: { code: '27', name: 'Maharashtra' },
        inter_state: false,
        taxable_value: 1271.19,
        cgst: 114.4,
        sgst: 114.41,
        igst: 0,
      },
    };
    const { view } = openReceipt({ [`GET ${BASE}`]: () => ok(invoice) }, s.heading('tax_invoice', RECEIPT.receipt_no));
    await view;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tax Invoice GDL/2026-27/0042');
  });

  it('shows a spinner while the receipt loads, then the receipt', async () => {
    let reply: ((response: Response) => void) | undefined;
    serve({
      [`GET ${BASE}`]: () => new Promise<Response>((resolve) => (reply = resolve)),
      [`GET ${BASE}/view`]: html,
    });
    storeSession();
    renderApp(`/app/receipts/${ID}`);
    // The screen has asked for the receipt and waits for it.
    await waitFor(() => expect(reply).toBeDefined(), { timeout: 10_000 });
    expect(screen.getByRole('progressbar', { name: messages.common.loading })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    reply!(ok(RECEIPT));
    expect(await screen.findByRole('heading', { name: s.heading('receipt', RECEIPT.receipt_no) })).toBeTruthy();
  });

  it("says a receipt is not found, or that a ₹0 fee has none, in the server's words", async () => {
    for (const message of [r.notFound, r.noReceipt]) {
      const { view } = openReceipt(
        { [`GET ${BASE}`]: () => jsonResponse({ status: false, code: 404, message, errors: [] }, 404) },
        message,
      );
      const { unmount } = await view;
      expect(screen.queryByTitle(s.preview(RECEIPT.receipt_no))).toBeNull();
      expect(screen.getByRole('link', { name: s.back })).toBeTruthy();
      unmount();
    }
  });

  it('shows the error screen and toast when the receipt cannot load, and loads again on refresh', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const { view } = openReceipt(
      {
        [`GET ${BASE}`]: () =>
          fail ? jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503) : ok(RECEIPT),
      },
      messages.errorScreen.title,
    );
    await view;
    // The toast shows once react-toastify has loaded (lib/toast.ts).
    await waitFor(() => expect(screen.getAllByText(a.fetchFailed)).toHaveLength(2));
    fail = false;
    await user.click(screen.getByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findByRole('heading', { name: s.heading('receipt', RECEIPT.receipt_no) })).toBeTruthy();
  });
});
