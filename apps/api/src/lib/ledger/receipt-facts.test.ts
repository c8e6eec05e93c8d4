import { describe, expect, it } from 'vitest';
import { splitInclusiveTax } from '@app/shared';
import { useTestApp } from '../../test/helpers';
import {
  adjust,
  feeOf,
  MAHARASHTRA_GSTIN,
  payBalance,
  receiptLibrary,
  setGst,
} from '../../modules/receipts/receipts.fixtures';

const t = useTestApp();

const TAX_COLUMNS = ['tax_gstin', 'tax_rate', 'tax_sac', 'place_of_supply', 'taxable_value', 'cgst', 'sgst', 'igst'];
const taxOf = (fee: Record<string, unknown>) => Object.fromEntries(TAX_COLUMNS.map((column) => [column, fee[column]]));

describe('the receipt facts of a payment', () => {
  it('keeps the plan as paid for, and a plain library says nothing about tax', async () => {
    const library = await receiptLibrary(t);
    const fee = await feeOf(t, library.libraryId, library.subscriptionId, 'new');
    expect({
      period_start: fee.period_start,
      period_end: fee.period_end,
      window_start: fee.window_start,
      window_end: fee.window_end,
      seat_name: fee.seat_name,
      area_name: fee.area_name,
    }).toEqual({
      period_start: library.subscription.joining_date,
      period_end: library.subscription.plan_expires_at,
      window_start: '06:00:00',
      window_end: '14:00:00',
      seat_name: 'A7',
      area_name: 'Hall A',
    });
    expect(taxOf(fee)).toEqual(Object.fromEntries(TAX_COLUMNS.map((column) => [column, null])));
    // A later payment of the same plain library: no tax either.
    const payment = await payBalance(t, library, { amount: 700 });
    expect(taxOf(await feeOf(t, library.libraryId, library.subscriptionId, 'balance'))).toMatchObject({
      tax_gstin: null,
      taxable_value: null,
    });
    expect(payment.receipt_no).toMatch(/^GSP\/\d{4}-\d{2}\/0002$/);
  });

  it('makes a registered library’s payment a tax invoice with CGST and SGST from the shared split', async () => {
    const library = await receiptLibrary(t, { gstin: MAHARASHTRA_GSTIN });
    const creation = await feeOf(t, library.libraryId, library.subscriptionId, 'new');
    const split = splitInclusiveTax(1500, 18, false);
    expect(taxOf(creation)).toEqual({
      tax_gstin: MAHARASHTRA_GSTIN,
      tax_rate: '18.00',
      tax_sac: '998451',
      place_of_supply: '27',
      taxable_value: split.taxable_value.toFixed(2),
      cgst: split.cgst.toFixed(2),
      sgst: split.sgst.toFixed(2),
      igst: '0.00',
    });
    expect(creation).toMatchObject({ taxable_value: '1271.19', cgst: '114.40', sgst: '114.41' });
    // The place of supply sent as the library's own state is still within the state.
    await payBalance(t, library, { amount: 999.99, place_of_supply: '27' });
    expect(taxOf(await feeOf(t, library.libraryId, library.subscriptionId, 'balance'))).toMatchObject({
      place_of_supply: '27',
      taxable_value: '847.45',
      cgst: '76.27',
      sgst: '76.27',
      igst: '0.00',
    });
  });

  it('charges IGST when the place of supply is another state, and an adjustment keeps that place', async () => {
    const library = await receiptLibrary(t, { gstin: MAHARASHTRA_GSTIN });
    const payment = await payBalance(t, library, { amount: 500, place_of_supply: '29' });
    const split = splitInclusiveTax(500, 18, true);
    expect(taxOf(await feeOf(t, library.libraryId, library.subscriptionId, 'balance'))).toEqual({
      tax_gstin: MAHARASHTRA_GSTIN,
      tax_rate: '18.00',
      tax_sac: '998451',
      place_of_supply: '29',
      taxable_value: split.taxable_value.toFixed(2),
      cgst: '0.00',
      sgst: '0.00',
      igst: split.igst.toFixed(2),
    });
    await adjust(t, library, payment.id, { direction: 'more', amount: 100, reason: 'Locker fee left out' });
    expect(taxOf(await feeOf(t, library.libraryId, library.subscriptionId, 'adjustment'))).toMatchObject({
      place_of_supply: '29',
      taxable_value: '84.75',
      igst: '15.25',
      cgst: '0.00',
    });
  });

  it('shows the renewed period on the renewal’s receipt, and a settings change later rewrites nothing', async () => {
    const library = await receiptLibrary(t, { gstin: MAHARASHTRA_GSTIN });
    const creation = await feeOf(t, library.libraryId, library.subscriptionId, 'new');
    const renewed = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${library.subscriptionId}`,
      headers: library.auth,
      payload: { duration: 2, fee: 1180, mode: 'Cash' },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newExpiry = renewed.json<{ data: { plan_expires_at: string } }>().data.plan_expires_at;
    expect(newExpiry > library.subscription.plan_expires_at).toBe(true);
    const renewal = await feeOf(t, library.libraryId, library.subscriptionId, 'renewal');
    expect(renewal).toMatchObject({
      period_start: library.subscription.joining_date,
      period_end: newExpiry,
      taxable_value: '1000.00',
      cgst: '90.00',
      sgst: '90.00',
    });
    // The creation's receipt still shows the period it paid for.
    expect((await feeOf(t, library.libraryId, library.subscriptionId, 'new')).period_end).toBe(
      library.subscription.plan_expires_at,
    );

    const before = await t.pool.query('select * from fees where library_id = $1 order by created_at', [
      library.libraryId,
    ]);
    await setGst(t, library.auth, { gstin: '29AAGCB7383J1Z4', gst_rate: 5, sac: '999293' });
    await t.pool.query(`update seats set name = 'B9' where id = $1`, [library.seatId]);
    await t.pool.query(`update areas set name = 'Hall B' where id = $1`, [library.areaId]);
    const after = await t.pool.query('select * from fees where library_id = $1 order by created_at', [
      library.libraryId,
    ]);
    expect(after.rows).toEqual(before.rows);
    expect(creation.tax_gstin).toBe(MAHARASHTRA_GSTIN);

    // The next payment takes the new settings; clearing the GSTIN makes the one after plain.
    await payBalance(t, library, { amount: 105 });
    expect(await feeOf(t, library.libraryId, library.subscriptionId, 'balance')).toMatchObject({
      tax_gstin: '29AAGCB7383J1Z4',
      tax_rate: '5.00',
      tax_sac: '999293',
      place_of_supply: '29',
      taxable_value: '100.00',
      cgst: '2.50',
      sgst: '2.50',
      seat_name: 'B9',
      area_name: 'Hall B',
    });
    await setGst(t, library.auth, { gstin: null });
    await payBalance(t, library, { amount: 1 });
    expect(taxOf(await feeOf(t, library.libraryId, library.subscriptionId, 'balance'))).toMatchObject({
      tax_gstin: null,
      taxable_value: null,
    });
  });

  it('keeps no facts for a ₹0 fee, nor for a refund', async () => {
    const library = await receiptLibrary(t, { gstin: MAHARASHTRA_GSTIN });
    await adjust(t, library, library.paymentId, { direction: 'refund', amount: 200, reason: 'Overcharged' });
    const stored = await feeOf(t, library.libraryId, library.subscriptionId, 'adjustment');
    expect(stored).toMatchObject({ amount: '-200.00', receipt_no: null, tax_gstin: null, period_start: null });
    const zero = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription/renew/${library.subscriptionId}`,
      headers: library.auth,
      payload: { duration: 1, fee: 0, price: 0, mode: 'Cash' },
    });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(await feeOf(t, library.libraryId, library.subscriptionId, 'renewal')).toMatchObject({
      amount: '0.00',
      receipt_no: null,
      tax_gstin: null,
      period_start: null,
    });
  });
});
