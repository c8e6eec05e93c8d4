import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { studentAppMessages as text } from '@app/shared';
import { ok, payments, renderStudentApp, stubStudentApi } from '../test/student-test-utils';

describe('Payments and dues', () => {
  it('shows each due with its UPI pay link and QR, and the payments with receipts and voids', async () => {
    stubStudentApi({ 'GET /api/student/payments': () => ok(payments) });
    renderStudentApp('/student/payments');
    expect(await screen.findByText(text.payments.amountDue(500))).toBeTruthy();
    expect(screen.getByText(text.payments.dueFor('31/12/2026'))).toBeTruthy();
    expect(screen.getByRole('link', { name: text.payments.payUpi }).getAttribute('href')).toBe(
      payments.dues[0]!.upi_link,
    );
    expect(screen.getByRole('img', { name: text.payments.upiQrLabel(500) })).toBeTruthy();

    const list = screen.getByRole('list');
    expect(within(list).getByText(text.payments.receiptNo('GDL/2026-27/0007'))).toBeTruthy();
    expect(within(list).getByText(/₹1,500.00 by Cash on 01\/11\/2026/)).toBeTruthy();
    expect(within(list).getByText(text.payments.void)).toBeTruthy();
  });

  it('without a UPI ID the due says to pay at the desk; nothing due and no payments say so', async () => {
    stubStudentApi({
      'GET /api/student/payments': () => ok({ ...payments, dues: [{ ...payments.dues[0]!, upi_link: null }] }),
    });
    const first = renderStudentApp('/student/payments');
    expect(await screen.findByText(text.payments.askDesk)).toBeTruthy();
    expect(screen.queryByRole('link', { name: text.payments.payUpi })).toBeNull();
    first.unmount();

    stubStudentApi({ 'GET /api/student/payments': () => ok({ payments: [], dues: [], total_due: 0 }) });
    renderStudentApp('/student/payments');
    expect(await screen.findByText(text.payments.noDues)).toBeTruthy();
    expect(screen.getByText(text.payments.noPayments)).toBeTruthy();
  });
});
