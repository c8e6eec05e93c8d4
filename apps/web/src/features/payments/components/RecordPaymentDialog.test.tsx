import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { messages } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { baseApi } from '@/lib/api-client';
import { PAYMENT_TAGS } from '@/lib/api-tags';
import { createAppStore } from '@/lib/store';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { RecordPaymentDialog } from './RecordPaymentDialog';

configure({ asyncUtilTimeout: 5000 });

const m = messages.payments;
const SUBSCRIPTION_ID = '7c3d4e5f-0000-4000-8000-000000000001';
const PAYMENTS_PATH = `/api/subscription/${SUBSCRIPTION_ID}/payments`;

// Queries tagged as the subscriptions list, the dues screen and the day book tag theirs.
const probes = baseApi.enhanceEndpoints({ addTagTypes: [...PAYMENT_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    probeSubscriptions: build.query<unknown, void>({ query: () => '/subscription', providesTags: ['Subscription'] }),
    probeDues: build.query<unknown, void>({ query: () => '/dues/summary', providesTags: ['Dues'] }),
    probeDayBook: build.query<unknown, void>({ query: () => '/day-book', providesTags: ['DayBook'] }),
  }),
});

const recorded = () =>
  jsonResponse(
    {
      status: true,
      message: m.recorded,
      data: {
        payment: {
          id: 'p1',
          subscription_id: SUBSCRIPTION_ID,
          student_id: 's1',
          amount: 750,
          mode: 'UPI',
          reference: '123456789012',
          kind: 'balance',
          recorded_by: null,
          recorded_by_name: null,
          created_at: '2026-01-05T04:30:00.000Z',
        },
        account: { subscription_id: SUBSCRIPTION_ID, price: 1500, paid: 1500, balance: 0, charges: [], payments: [] },
      },
    },
    201,
  );

function openDialog(handlers: Record<string, Handler> = {}, balance = 750) {
  const ok = () => jsonResponse({ status: true, message: 'OK', data: {} });
  const requests = serve({
    'GET /api/subscription': ok,
    'GET /api/dues/summary': ok,
    'GET /api/day-book': ok,
    ...handlers,
  });
  const store = createAppStore();
  const onClose = vi.fn();
  const onRecorded = vi.fn();
  const ui = (open: boolean) => (
    <AppProvider store={store}>
      <RecordPaymentDialog
        open={open}
        subscriptionId={SUBSCRIPTION_ID}
        studentName="Asha Verma"
        balance={balance}
        onClose={onClose}
        onRecorded={onRecorded}
      />
    </AppProvider>
  );
  const view = render(ui(true));
  const dialog = screen.getByRole('dialog', { name: m.recordTitle });
  /** Closes the dialog and opens it again, as a parent that keeps it mounted would. */
  const reopen = async () => {
    view.rerender(ui(false));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.recordTitle })).toBeNull());
    view.rerender(ui(true));
    return screen.getByRole('dialog', { name: m.recordTitle });
  };
  return { dialog, requests, store, onClose, onRecorded, reopen };
}

const amountField = (dialog: HTMLElement) => within(dialog).getByRole('spinbutton', { name: new RegExp(m.amount) });
const referenceField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: new RegExp(m.reference) });
const submit = (user: UserEvent, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: m.submit }));

async function chooseMode(user: UserEvent, dialog: HTMLElement, mode: string) {
  await user.click(within(dialog).getByRole('combobox', { name: new RegExp(m.mode) }));
  await user.click(screen.getByRole('option', { name: mode }));
}

/** The text under a field (its error, else its help). */
const helpOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!)!.textContent;

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST');

describe('Record Payment', { timeout: 30_000 }, () => {
  it('starts from the balance in cash, names the student, and tells what the reference is in each mode', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = openDialog();
    expect(within(dialog).getByText('Asha Verma')).toBeTruthy();
    expect(within(dialog).getByText(`${m.balance}: ${m.balanceValue(750)}`)).toBeTruthy();
    expect((amountField(dialog) as HTMLInputElement).value).toBe('750');
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.mode) }).textContent).toBe('Cash');
    expect(helpOf(referenceField(dialog))).toBe(m.referenceHelp.other);
    expect(referenceField(dialog).hasAttribute('required')).toBe(false);

    await chooseMode(user, dialog, 'UPI');
    expect(helpOf(referenceField(dialog))).toBe(m.referenceHelp.UPI);
    expect(referenceField(dialog).hasAttribute('required')).toBe(true);
    await chooseMode(user, dialog, 'Cheque');
    expect(helpOf(referenceField(dialog))).toBe(m.referenceHelp.Cheque);
    expect(referenceField(dialog).hasAttribute('required')).toBe(false);
  });

  it('refuses an amount that is empty, zero, has three decimals or is above the balance, without a call', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = openDialog();
    const amount = amountField(dialog);
    for (const [typed, message] of [
      ['', m.amountRequired],
      ['0', m.amountZero],
      ['12.345', m.amountInvalid],
      ['750.01', m.overpayment(750)],
    ] as const) {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await submit(user, dialog);
      await waitFor(() => expect(helpOf(amount)).toBe(message));
    }
    expect(posts(requests)).toHaveLength(0);
  });

  it('needs the 12-digit UTR for UPI and the bank reference for a transfer', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = openDialog();
    await chooseMode(user, dialog, 'UPI');
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(referenceField(dialog))).toBe(m.referenceRequired.UPI));
    await user.type(referenceField(dialog), '12345678901');
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(referenceField(dialog))).toBe(m.utrInvalid));

    await chooseMode(user, dialog, 'Bank Transfer');
    await user.clear(referenceField(dialog));
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(referenceField(dialog))).toBe(m.referenceRequired['Bank Transfer']));
    await user.type(referenceField(dialog), 'N12-3');
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(referenceField(dialog))).toBe(m.referenceInvalid));
    expect(posts(requests)).toHaveLength(0);
  });

  it('records part of the balance by UPI, reads Recording... while busy, then refreshes subscriptions, dues and the day book', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const { dialog, requests, store, onClose, onRecorded } = openDialog({
      [`POST ${PAYMENTS_PATH}`]: () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    await Promise.all([
      store.dispatch(probes.endpoints.probeSubscriptions.initiate()),
      store.dispatch(probes.endpoints.probeDues.initiate()),
      store.dispatch(probes.endpoints.probeDayBook.initiate()),
    ]);
    const gets = (path: string) =>
      requests.filter((request) => request.method === 'GET' && new URL(request.url).pathname === path).length;
    expect([gets('/api/subscription'), gets('/api/dues/summary'), gets('/api/day-book')]).toEqual([1, 1, 1]);

    await user.clear(amountField(dialog));
    await user.type(amountField(dialog), '500.50');
    await chooseMode(user, dialog, 'UPI');
    await user.type(referenceField(dialog), '1234 5678 9012');
    await submit(user, dialog);
    const busy = await within(dialog).findByRole('button', { name: m.busy });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(await posts(requests)[0]!.json()).toEqual({ amount: 500.5, mode: 'UPI', reference: '123456789012' });
    expect(onRecorded).not.toHaveBeenCalled();

    reply(recorded());
    expect(await screen.findByText(m.recorded)).toBeTruthy();
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect([gets('/api/subscription'), gets('/api/dues/summary'), gets('/api/day-book')]).toEqual([2, 2, 2]),
    );
  });

  it("shows the server's refusals under their field: an amount above the balance, a reference already recorded", async () => {
    const user = userEvent.setup({ delay: null });
    const reused = m.referenceUsed('123456789012', 'Vikram', 900, '04/01/2026');
    const answers = [
      () =>
        jsonResponse(
          {
            status: false,
            code: 400,
            message: m.overpayment(600),
            errors: [{ field: 'amount', message: m.overpayment(600) }],
          },
          400,
        ),
      () =>
        jsonResponse(
          { status: false, code: 409, message: reused, errors: [{ field: 'reference', message: reused }] },
          409,
        ),
      () => jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503),
    ];
    const { dialog, onRecorded } = openDialog({ [`POST ${PAYMENTS_PATH}`]: () => answers.shift()!() });
    await chooseMode(user, dialog, 'UPI');
    await user.type(referenceField(dialog), '123456789012');

    await submit(user, dialog);
    await waitFor(() => expect(helpOf(amountField(dialog))).toBe(m.overpayment(600)));
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(referenceField(dialog))).toBe(reused));
    // Told under the field only, not again in a toast.
    expect(screen.getAllByText(reused)).toHaveLength(1);

    await submit(user, dialog);
    expect(await screen.findByText(m.recordFailed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: m.recordTitle })).toBeTruthy();
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('sends the same Idempotency-Key when the same payment is tried again, and a fresh one on the next opening', async () => {
    const user = userEvent.setup({ delay: null });
    const answers = [
      () => jsonResponse({ status: false, code: 503, message: '', errors: [] }, 503),
      recorded,
      recorded,
    ];
    const { dialog, requests, reopen } = openDialog({ [`POST ${PAYMENTS_PATH}`]: () => answers.shift()!() });
    await submit(user, dialog);
    expect(await screen.findByText(m.recordFailed)).toBeTruthy();
    await submit(user, dialog);
    expect(await screen.findByText(m.recorded)).toBeTruthy();
    // The same amount again, on another opening: a second payment, not a retry of the first.
    const again = await reopen();
    expect((amountField(again) as HTMLInputElement).value).toBe('750');
    await submit(user, again);
    await waitFor(() => expect(posts(requests)).toHaveLength(3));
    const keys = posts(requests).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks the place of supply when the library has a GSTIN, its own state first, and sends the one chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const settings = (gstin: string | null) => () =>
      jsonResponse({ status: true, message: 'OK', data: { gstin, gst_rate: 18, sac: '998451', price_list: [] } });
    const { dialog, requests } = openDialog({
      'GET /api/settings': settings('27AAPFU0939F1ZV'),
      [`POST ${PAYMENTS_PATH}`]: recorded,
    });
    const place = await within(dialog).findByRole('combobox', { name: new RegExp(messages.receipts.placeOfSupply) });
    const own = messages.receipts.placeOfSupplyDefault(messages.receipts.tax.stateValue('27', 'Maharashtra'));
    await waitFor(() => expect(place.textContent).toBe(own));
    await user.click(place);
    await user.click(screen.getByRole('option', { name: messages.receipts.tax.stateValue('29', 'Karnataka') }));
    await submit(user, dialog);
    expect(await screen.findByText(m.recorded)).toBeTruthy();
    expect(await posts(requests)[0]!.json()).toEqual({ amount: 750, mode: 'Cash', place_of_supply: '29' });
  });

  it('asks no place of supply without a GSTIN, and sends none', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = openDialog({
      'GET /api/settings': () =>
        jsonResponse({
          status: true,
          message: 'OK',
          data: { gstin: null, gst_rate: 18, sac: '998451', price_list: [] },
        }),
      [`POST ${PAYMENTS_PATH}`]: recorded,
    });
    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/api/settings'))).toBe(true));
    expect(within(dialog).queryByRole('combobox', { name: new RegExp(messages.receipts.placeOfSupply) })).toBeNull();
    await submit(user, dialog);
    expect(await screen.findByText(m.recorded)).toBeTruthy();
    expect(await posts(requests)[0]!.json()).toEqual({ amount: 750, mode: 'Cash' });
  });
});
