import type { PaymentRecord } from '@app/shared';

/** A cash payment of ₹1,500 with a receipt number, as the API answers it; `overrides` make it another. */
export const paymentRecord = (overrides: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: 'f1',
  subscription_id: 's1',
  student_id: 'st1',
  amount: 1500,
  mode: 'Cash',
  reference: null,
  receipt_no: 'GDL/2026-27/0001',
  kind: 'new',
  recorded_by: null,
  recorded_by_name: null,
  created_at: '2026-05-05T04:30:00.000Z',
  adjusts_id: null,
  reason: null,
  voided_at: null,
  voided_by_name: null,
  void_reason: null,
  ...overrides,
});
