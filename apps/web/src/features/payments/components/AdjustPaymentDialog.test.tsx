import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { messages } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { createAppStore } from '@/lib/store';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { AdjustPaymentDialog } from './AdjustPaymentDialog';
import { paymentRecord } from './payments.test-data';

configure({ asyncUtilTimeout: 5000 });

const r = messages.receipts;
const p = messages.payments;
const PAYMENT_ID = '0b6c3f1e-2a4d-4e5f-8a9b-000000000008';
const ADJUST_PATH = `/api/payments/${PAYMENT_ID}/adjustments`;
const PAYMENT = { id: PAYMENT_ID, receipt_no: 'GDL/2026-27/0008', amount: 1500, student: 'Asha Verma' };

const adjustment = paymentRecord({
  id: 'adj1',
  amount: 200,
  mode: 'UPI',
  reference: '123456789012',
  receipt_no: 'GDL/2026-27/0009',
  kind: 'adjustment',
  recorded_by: 'a1',
  recorded_by_name: 'Priya Sharma',
  adjusts_id: PAYMENT_ID,
  reason: 'Paid the rest',
});

const adjusted = () =>
  jsonResponse(
    {
      status: true,
      message: r.adjusted,
      data: {
        payment: adjustment,
        account: { subscription_id: 's1', price: 1700, paid: 1700, balance: 0, charges: [], payments: [] },
      },
    },
    201,
  );

function openDialog(handlers: Record<string, Handler> = {}) {
  const requests = serve(handlers);
  const onClose = vi.fn();
  const onAdjusted = vi.fn();
  render(
    <AppProvider store={createAppStore()}>
      <AdjustPaymentDialog open payment={PAYMENT} onClose={onClose} onAdjusted={onAdjusted} />
    </AppProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: r.adjustTitle(PAYMENT.receipt_no) });
  return { dialog, requests, onClose, onAdjusted };
}

const amountField = (dialog: HTMLElement) => within(dialog).getByRole('spinbutton', { name: new RegExp(p.amount) });
const referenceField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: new RegExp(p.reference) });
const reasonField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: new RegExp(r.adjustReason) });
const directionGroup = (dialog: HTMLElement) => within(dialog).getByRole('radiogroup', { name: r.adjustDirection });
const submit = (user: UserEvent, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: r.adjustSubmit }));
const helpOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!)!.textContent;
const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST');

async function chooseMode(user: UserEvent, dialog: HTMLElement, mode: string) {
  await user.click(within(dialog).getByRole('combobox', { name: new RegExp(p.mode) }));
  await user.click(screen.getByRole('option', { name: mode }));
}

describe('Adjust payment', { timeout: 30_000 }, () => {
  it('asks for the direction, an amount above ₹0 and a reason, and sends nothing without them', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = openDialog({ [`POST ${ADJUST_PATH}`]: adjusted });
    expect(within(dialog).getByText('Asha Verma · ₹1,500.00')).toBeTruthy();
    // No direction is assumed.
    expect(
      within(directionGroup(dialog))
        .getAllByRole('radio')
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    await submit(user, dialog);
    expect(await within(dialog).findByText(r.adjustDirectionRequired)).toBeTruthy();
    await waitFor(() => expect(helpOf(amountField(dialog))).toBe(p.amountRequired));
    expect(helpOf(reasonField(dialog))).toBe(r.adjustReasonRequired);

    await user.click(within(dialog).getByRole('radio', { name: r.adjustRefund }));
    await user.type(amountField(dialog), '0');
    await user.type(reasonField(dialog), '   ');
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(amountField(dialog))).toBe(p.amountZero));
    expect(helpOf(reasonField(dialog))).toBe(r.adjustReasonRequired);
    expect(within(dialog).queryByText(r.adjustDirectionRequired)).toBeNull();
    expect(posts(requests)).toHaveLength(0);
  });

  it('needs the UTR when more was received by UPI, not for a refund', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = openDialog({ [`POST ${ADJUST_PATH}`]: adjusted });
    await user.click(within(dialog).getByRole('radio', { name: r.adjustMore }));
    expect(helpOf(amountField(dialog))).toBe(r.adjustAmountHelp.more);
    await user.type(amountField(dialog), '200');
    await user.type(reasonField(dialog), 'Paid the rest');
    await chooseMode(user, dialog, 'UPI');
    expect(referenceField(dialog).hasAttribute('required')).toBe(true);
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(referenceField(dialog))).toBe(p.referenceRequired.UPI));
    expect(posts(requests)).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: r.adjustRefund }));
    expect(referenceField(dialog).hasAttribute('required')).toBe(false);
    expect(helpOf(amountField(dialog))).toBe(r.adjustAmountHelp.refund);
  });

  it('records more received with its UTR and hands the new entry back', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests, onAdjusted, onClose } = openDialog({ [`POST ${ADJUST_PATH}`]: adjusted });
    await user.click(within(dialog).getByRole('radio', { name: r.adjustMore }));
    await user.type(amountField(dialog), '200');
    await chooseMode(user, dialog, 'UPI');
    await user.type(referenceField(dialog), '1234 5678 9012');
    await user.type(reasonField(dialog), ' Paid the rest ');
    await submit(user, dialog);
    expect(await screen.findByText(r.adjusted)).toBeTruthy();
    const post = posts(requests)[0]!;
    expect(await post.json()).toEqual({
      direction: 'more',
      amount: 200,
      mode: 'UPI',
      reference: '123456789012',
      reason: 'Paid the rest',
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(onAdjusted).toHaveBeenCalledWith(adjustment);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's limit under the amount (a refund above what is left of the payment), not in a toast", async () => {
    const user = userEvent.setup({ delay: null });
    const tooMuch = r.refundTooMuch(1500);
    const { dialog, requests, onClose } = openDialog({
      [`POST ${ADJUST_PATH}`]: () =>
        jsonResponse(
          { status: false, code: 422, message: tooMuch, errors: [{ field: 'amount', message: tooMuch }] },
          422,
        ),
    });
    await user.click(within(dialog).getByRole('radio', { name: r.adjustRefund }));
    await user.type(amountField(dialog), '1600');
    await user.type(reasonField(dialog), 'Left after a week');
    await submit(user, dialog);
    await waitFor(() => expect(helpOf(amountField(dialog))).toBe(tooMuch));
    expect(screen.getAllByText(tooMuch)).toHaveLength(1);
    expect(await posts(requests)[0]!.json()).toEqual({
      direction: 'refund',
      amount: 1600,
      mode: 'Cash',
      reason: 'Left after a week',
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});
