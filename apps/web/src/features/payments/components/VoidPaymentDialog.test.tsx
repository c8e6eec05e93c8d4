import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { messages } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { baseApi } from '@/lib/api-client';
import { CORRECTION_TAGS } from '@/lib/api-tags';
import { createAppStore } from '@/lib/store';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { voidTitleOf, type CorrectablePayment } from './correctable-payment';
import { paymentRecord } from './payments.test-data';
import { VoidPaymentDialog } from './VoidPaymentDialog';

configure({ asyncUtilTimeout: 5000 });

const r = messages.receipts;
const PAYMENT_ID = '0b6c3f1e-2a4d-4e5f-8a9b-000000000007';
const VOID_PATH = `/api/payments/${PAYMENT_ID}/void`;
const PAYMENT = { id: PAYMENT_ID, receipt_no: 'GDL/2026-27/0007', amount: 1500, student: 'Asha Verma' };

// Queries tagged as the receipt screen and the day book tag theirs.
const probes = baseApi.enhanceEndpoints({ addTagTypes: [...CORRECTION_TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    probeReceipt: build.query<unknown, void>({ query: () => `/receipts/${PAYMENT_ID}`, providesTags: ['Receipt'] }),
    probeDayBook: build.query<unknown, void>({ query: () => '/day-book', providesTags: ['DayBook'] }),
  }),
});

const voidedPayment = paymentRecord({
  id: PAYMENT_ID,
  receipt_no: PAYMENT.receipt_no,
  voided_at: '2026-05-06T04:30:00.000Z',
  voided_by_name: 'Priya Sharma',
  void_reason: 'Recorded twice',
});

const voided = () =>
  jsonResponse({
    status: true,
    message: r.voided,
    data: {
      payment: voidedPayment,
      account: { subscription_id: 's1', price: 1500, paid: 0, balance: 1500, charges: [], payments: [] },
    },
  });

function openDialog(handlers: Record<string, Handler> = {}, payment: CorrectablePayment = PAYMENT) {
  const ok = () => jsonResponse({ status: true, message: 'OK', data: {} });
  const requests = serve({ [`GET /api/receipts/${PAYMENT_ID}`]: ok, 'GET /api/day-book': ok, ...handlers });
  const store = createAppStore();
  const onClose = vi.fn();
  const onVoided = vi.fn();
  render(
    <AppProvider store={store}>
      <VoidPaymentDialog open payment={payment} onClose={onClose} onVoided={onVoided} />
    </AppProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: voidTitleOf(payment) });
  return { dialog, requests, store, onClose, onVoided };
}

const reasonField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: new RegExp(r.voidReason) });
const submit = (user: UserEvent, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: r.voidSubmit }));
const helpOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!)!.textContent;
const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST');

describe('Void payment', { timeout: 30_000 }, () => {
  it('names the receipt, the student and the amount, and says what a void does', () => {
    const { dialog } = openDialog();
    expect(within(dialog).getByText('Asha Verma · ₹1,500.00')).toBeTruthy();
    expect(within(dialog).getByText(r.voidHelp)).toBeTruthy();
    expect(reasonField(dialog).hasAttribute('required')).toBe(true);
  });

  it('refuses a void without a reason, or with only spaces, or over 200 characters, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests, onVoided } = openDialog({ [`POST ${VOID_PATH}`]: voided });
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(reasonField(dialog))).toBe(r.voidReasonRequired));
    await user.type(reasonField(dialog), '    ');
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(reasonField(dialog))).toBe(r.voidReasonRequired));
    await user.click(reasonField(dialog));
    await user.paste('x'.repeat(201));
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(reasonField(dialog))).toBe(r.voidReasonTooLong));
    expect(posts(requests)).toHaveLength(0);
    expect(onVoided).not.toHaveBeenCalled();
  });

  it('voids with the reason, reads Voiding... while busy, then refreshes the receipt and the day book', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const { dialog, requests, store, onClose, onVoided } = openDialog({
      [`POST ${VOID_PATH}`]: () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    await Promise.all([
      store.dispatch(probes.endpoints.probeReceipt.initiate()),
      store.dispatch(probes.endpoints.probeDayBook.initiate()),
    ]);
    const gets = () => requests.filter((request) => request.method === 'GET').length;
    expect(gets()).toBe(2);

    await user.type(reasonField(dialog), '  Recorded twice ');
    await submit(user, dialog);
    const busy = await within(dialog).findByRole('button', { name: r.voidBusy });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const post = posts(requests)[0]!;
    expect(await post.json()).toEqual({ reason: 'Recorded twice' });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    reply(voided());
    expect(await screen.findByText(r.voided)).toBeTruthy();
    expect(onVoided).toHaveBeenCalledWith(voidedPayment);
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(gets()).toBe(4));
  });

  it("toasts the server's refusal (adjustments still counting, already void) and stays open", async () => {
    const user = userEvent.setup({ delay: null });
    const answers = [
      () => jsonResponse({ status: false, code: 422, message: r.voidHasAdjustments, errors: [] }, 422),
      () => jsonResponse({ status: false, code: 409, message: r.alreadyVoid, errors: [] }, 409),
    ];
    const { dialog, onClose } = openDialog({ [`POST ${VOID_PATH}`]: () => answers.shift()!() });
    await user.type(reasonField(dialog), 'Wrong student');
    await submit(user, dialog);
    expect(await screen.findByText(r.voidHasAdjustments)).toBeTruthy();
    await submit(user, dialog);
    expect(await screen.findByText(r.alreadyVoid)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: r.voidTitle(PAYMENT.receipt_no) })).toBeTruthy();
  });

  it('names a refund by its amount, as it has no receipt number', () => {
    const { dialog } = openDialog({}, { ...PAYMENT, receipt_no: null, amount: -500 });
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Void the refund of ₹500.00' })).toBe(dialog);
    expect(within(dialog).getByText('Asha Verma · -₹500.00')).toBeTruthy();
  });
});
