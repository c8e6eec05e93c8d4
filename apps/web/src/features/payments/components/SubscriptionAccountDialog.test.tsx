import { describe, expect, it } from 'vitest';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { messages, type PaymentRecord, type SubscriptionAccount } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { createAppStore } from '@/lib/store';
import { fakeSession, jsonResponse, serve, storeSession } from '@/test/fixtures';
import { paymentRecord } from './payments.test-data';
import { SubscriptionAccountDialog } from './SubscriptionAccountDialog';

configure({ asyncUtilTimeout: 5000 });

const r = messages.receipts;
const p = messages.payments;
const SUBSCRIPTION_ID = '7c3d4e5f-0000-4000-8000-000000000009';

const entry = (overrides: Partial<PaymentRecord>) => paymentRecord({ subscription_id: SUBSCRIPTION_ID, ...overrides });

const ACCOUNT: SubscriptionAccount = {
  subscription_id: SUBSCRIPTION_ID,
  price: 2000,
  paid: 1300,
  balance: 700,
  charges: [],
  payments: [
    entry({ id: 'refund', amount: -200, kind: 'adjustment', receipt_no: null, adjusts_id: 'f1', reason: 'Left early' }),
    entry({
      id: 'more',
      amount: 300,
      kind: 'adjustment',
      receipt_no: 'GDL/2026-27/0003',
      adjusts_id: 'f1',
      reason: 'Paid the rest',
    }),
    entry({
      id: 'void',
      amount: 500,
      kind: 'balance',
      receipt_no: 'GDL/2026-27/0002',
      voided_at: '2026-05-06T04:30:00.000Z',
      voided_by_name: 'Priya Sharma',
      void_reason: 'Recorded twice',
    }),
    entry({}),
  ],
};

async function openAccount(session = fakeSession) {
  serve({
    [`GET /api/subscription/${SUBSCRIPTION_ID}/payments`]: () =>
      jsonResponse({ status: true, message: 'OK', data: ACCOUNT }),
  });
  const router = createMemoryRouter(
    [
      {
        path: '/app/subscription',
        element: (
          <SubscriptionAccountDialog
            open
            subscriptionId={SUBSCRIPTION_ID}
            studentName="Asha Verma"
            onClose={() => {}}
          />
        ),
      },
      { path: '/app/receipts/:paymentId', element: <p>receipt screen</p> },
    ],
    { initialEntries: ['/app/subscription'] },
  );
  // Signed in as the owner: corrections are the owner's and the manager's (issue 16).
  storeSession(session);
  render(
    <AppProvider store={createAppStore()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const table = await screen.findByRole('table', { name: p.account.payments });
  const row = (text: string) => within(table).getByText(text).closest('tr')!;
  return { router, table, row };
}

describe("A subscription's payments (issue 14)", { timeout: 30_000 }, () => {
  it('shows the desk the payments and receipts without Void or Adjust (issue 16)', async () => {
    const { row } = await openAccount({ ...fakeSession, role: 'desk' });
    const original = row('GDL/2026-27/0001');
    expect(within(original).queryByRole('button', { name: r.voidFor('GDL/2026-27/0001') })).toBeNull();
    expect(within(original).queryByRole('button', { name: r.adjustFor('GDL/2026-27/0001') })).toBeNull();
    expect(within(original).getByRole('link', { name: r.actions.openFor('GDL/2026-27/0001') })).toBeTruthy();
  });

  it('offers each payment the corrections it allows, and marks a void one and the adjustments', async () => {
    const { row } = await openAccount();
    const actionsOf = (tr: HTMLElement) =>
      within(tr)
        .queryAllByRole('button')
        .concat(within(tr).queryAllByRole('link'))
        .map((element) => element.getAttribute('aria-label'))
        .sort();

    const original = row('GDL/2026-27/0001');
    expect(actionsOf(original)).toEqual(
      [r.actions.openFor('GDL/2026-27/0001'), r.adjustFor('GDL/2026-27/0001'), r.voidFor('GDL/2026-27/0001')].sort(),
    );
    // Void: its receipt only, struck through, marked VOID with why (who and when are on the receipt).
    const voided = row('GDL/2026-27/0002');
    expect(actionsOf(voided)).toEqual([r.actions.openFor('GDL/2026-27/0002')]);
    expect(within(voided).getByText(r.void)).toBeTruthy();
    expect(within(voided).getByText('₹500.00').tagName).toBe('S');
    expect(within(voided).getByText('Recorded twice')).toBeTruthy();
    // More received: its own receipt, voidable, not adjustable again.
    const more = row('GDL/2026-27/0003');
    expect(actionsOf(more)).toEqual([r.actions.openFor('GDL/2026-27/0003'), r.voidFor('GDL/2026-27/0003')].sort());
    expect(within(more).getByText(r.notes.more('Paid the rest'))).toBeTruthy();
    // A refund: below ₹0, no receipt, voidable by its amount.
    const refund = row(r.notes.refund('Left early'));
    expect(within(refund).getByText('-₹200.00')).toBeTruthy();
    expect(actionsOf(refund)).toEqual([r.voidRefundFor(-200)]);
  });

  it('opens the Void dialog for a refund and the Adjust dialog for an original, and a receipt from its link', async () => {
    const user = userEvent.setup({ delay: null });
    const { row, router } = await openAccount();
    await user.click(within(row(r.notes.refund('Left early'))).getByRole('button', { name: r.voidRefundFor(-200) }));
    const voidDialog = await screen.findByRole('dialog', { name: r.voidRefundTitle(-200) });
    await user.click(within(voidDialog).getByRole('button', { name: messages.common.cancel }));

    await user.click(within(row('GDL/2026-27/0001')).getByRole('button', { name: r.adjustFor('GDL/2026-27/0001') }));
    const adjust = await screen.findByRole('dialog', { name: r.adjustTitle('GDL/2026-27/0001') });
    expect(within(adjust).getByText('Asha Verma · ₹1,500.00')).toBeTruthy();
    await user.click(within(adjust).getByRole('button', { name: messages.common.cancel }));

    await user.click(
      within(row('GDL/2026-27/0002')).getByRole('link', { name: r.actions.openFor('GDL/2026-27/0002') }),
    );
    expect(await screen.findByText('receipt screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/receipts/void');
    expect(router.state.location.state).toEqual({ from: '/app/subscription' });
  });
});
