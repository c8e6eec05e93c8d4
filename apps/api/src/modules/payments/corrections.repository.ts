import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Corrections of payments (issue 14): a payment is never edited in place; it is voided
 * (its row, receipt number included, stays) or adjusted by a new fee row (`adjusts_id`).
 */

export type CorrectedPaymentRow = {
  id: string;
  subscription_id: string;
  amount: string;
  kind: 'new' | 'renewal' | 'balance' | 'adjustment';
  receipt_no: string | null;
  voided: boolean;
  /** What is left of the payment: its amount plus its adjustments that are not void. */
  net: string;
  /** How many of its adjustments are not void. */
  live_adjustments: number;
};

/** One of the library's payments with what its corrections left of it; undefined for none. */
export async function paymentToCorrect(
  db: DbOrTx,
  libraryId: string,
  paymentId: string,
): Promise<CorrectedPaymentRow | undefined> {
  const result = await db.execute<CorrectedPaymentRow>(sql`
    select f.id, f.subscription_id, f.amount::text as amount, f.kind, f.receipt_no, f.voided_at is not null as voided,
           (f.amount + coalesce(live.amount, 0))::text as net, coalesce(live.count, 0)::int as live_adjustments
    from fees f
    cross join lateral (
      select sum(a.amount) as amount, count(*) as count from fees a
      where a.library_id = f.library_id and a.adjusts_id = f.id and a.voided_at is null
    ) live
    where f.library_id = ${libraryId} and f.id = ${paymentId}`);
  return result.rows[0];
}

/** Marks the payment void: who, when and why. It keeps its row, amount and receipt number. */
export async function markVoid(
  tx: DbOrTx,
  libraryId: string,
  paymentId: string,
  voidedBy: string,
  reason: string,
): Promise<void> {
  await tx.execute(sql`
    update fees set voided_at = now(), voided_by = ${voidedBy}, void_reason = ${reason}, updated_at = now()
    where library_id = ${libraryId} and id = ${paymentId} and voided_at is null`);
}
