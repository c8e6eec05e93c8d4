import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatRupees, messages, type SubscriptionAccount } from '@app/shared';
import { jsonResponse, serve } from '@/test/fixtures';
import { failure, listAnswer, openSubscriptions, subscription } from './subscriptions.test-data';
import { LAZY_DIALOG_TIMEOUT } from '@/test/render';

const p = messages.payments;
const PAID = subscription();
const OWING = subscription({
  id: '7c3d4e5f-0000-4000-8000-000000000003',
  first_name: 'Meena',
  last_name: 'Iyer',
  mobile: '9988776655',
  price: 1500,
  paid: 750,
  balance: 750,
});

const account: SubscriptionAccount = {
  subscription_id: OWING.id,
  price: 1500,
  paid: 750,
  balance: 750,
  charges: [
    {
      id: 'c1',
      kind: 'new',
      duration: 1,
      list_price: 1800,
      price: 1500,
      discount: 300,
      created_at: '2026-01-05T04:30:00.000Z',
    },
  ],
  payments: [
    {
      id: 'f1',
      subscription_id: OWING.id,
      student_id: OWING.student_id,
      amount: 500,
      mode: 'Cash',
      reference: null,
      receipt_no: 'GDL/2025-26/0001',
      kind: 'new',
      recorded_by: null,
      recorded_by_name: null,
      created_at: '2026-01-05T04:30:00.000Z',
      adjusts_id: null,
      reason: null,
      voided_at: null,
      voided_by_name: null,
      void_reason: null,
    },
    {
      id: 'f2',
      subscription_id: OWING.id,
      student_id: OWING.student_id,
      amount: 250,
      mode: 'UPI',
      reference: '123456789012',
      receipt_no: 'GDL/2025-26/0002',
      kind: 'balance',
      recorded_by: 'a1',
      recorded_by_name: 'Priya Sharma',
      created_at: '2026-01-06T13:45:00.000Z',
      adjusts_id: null,
      reason: null,
      voided_at: null,
      voided_by_name: null,
      void_reason: null,
    },
  ],
};

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('Balances on the subscriptions list (issue 13)', { timeout: 30_000 }, () => {
  it('shows each balance, and records a payment from a row with something due', async () => {
    const user = userEvent.setup({ delay: null });
    let rows = [PAID, OWING];
    const requests = serve({
      'GET /api/subscription': () => listAnswer(rows),
      [`POST /api/subscription/${OWING.id}/payments`]: () => {
        rows = [PAID, { ...OWING, paid: 1500, balance: 0 }];
        return jsonResponse({ status: true, message: p.recorded, data: {} }, 201);
      },
    });
    await openSubscriptions();
    await screen.findByText('Meena Iyer');
    expect(within(rowOf('Asha Verma')).getByText(p.balanceValue(0))).toBeTruthy();
    expect(within(rowOf('Meena Iyer')).getByText(p.balanceValue(750))).toBeTruthy();
    expect(within(rowOf('Asha Verma')).queryByRole('button', { name: p.recordFor('Asha Verma') })).toBeNull();

    await user.click(within(rowOf('Meena Iyer')).getByRole('button', { name: p.recordFor('Meena Iyer') }));
    const dialog = await screen.findByRole('dialog', { name: p.recordTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect(within(dialog).getByText('Meena Iyer')).toBeTruthy();
    expect((within(dialog).getByRole('spinbutton', { name: new RegExp(p.amount) }) as HTMLInputElement).value).toBe(
      '750',
    );
    await user.click(within(dialog).getByRole('button', { name: p.submit }));
    expect(await screen.findByText(p.recorded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: p.recordTitle })).toBeNull());
    // The list is fetched again and the row is paid up.
    await waitFor(() => expect(within(rowOf('Meena Iyer')).getByText(p.balanceValue(0))).toBeTruthy());
    expect(within(rowOf('Meena Iyer')).queryByRole('button', { name: p.recordFor('Meena Iyer') })).toBeNull();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({ amount: 750, mode: 'Cash' });
  });

  it("opens a subscription's account from its balance: prices with the discount, payments with who received them", async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    serve({
      'GET /api/subscription': () => listAnswer([PAID, OWING]),
      [`GET /api/subscription/${OWING.id}/payments`]: () =>
        fail ? failure(503, '') : jsonResponse({ status: true, message: 'OK', data: account }),
    });
    await openSubscriptions();
    await screen.findByText('Meena Iyer');
    await user.click(screen.getByRole('button', { name: `${p.account.open('Meena Iyer')}, ${p.balanceValue(750)}` }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: new RegExp(p.account.title) },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    expect(await within(dialog).findByText(p.account.fetchFailed)).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: messages.errorScreen.refresh }));

    const charges = await within(dialog).findByRole('table', { name: p.account.charges });
    const charge = within(charges).getAllByRole('row')[1]!;
    expect(
      within(charge)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '05/01/2026 10:00 AM',
      `${p.account.kinds.new} · ${p.account.months(1)}`,
      formatRupees(1800),
      formatRupees(1500),
      formatRupees(300),
    ]);
    const payments = within(within(dialog).getByRole('table', { name: p.account.payments })).getAllByRole('row');
    expect(
      within(payments[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '05/01/2026 10:00 AM',
      formatRupees(500),
      `Cash · ${p.account.kinds.new}`,
      '—',
      'GDL/2025-26/0001',
      p.notRecorded,
      '—',
      '',
    ]);
    expect(
      within(payments[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '06/01/2026 7:15 PM',
      formatRupees(250),
      `UPI · ${p.account.kinds.balance}`,
      '123456789012',
      'GDL/2025-26/0002',
      'Priya Sharma',
      '—',
      '',
    ]);
    expect(within(dialog).getByText(p.balanceValue(750))).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: p.submit }));
    const record = await screen.findByRole('dialog', { name: p.recordTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect((within(record).getByRole('spinbutton', { name: new RegExp(p.amount) }) as HTMLInputElement).value).toBe(
      '750',
    );
  });
});
