import { sql } from 'drizzle-orm';
import type { Language, PaymentMode } from '@app/shared';
import type { DbOrTx } from '../../db/client';

/** A payment with everything its receipt shows; amounts as PostgreSQL prints them. */
export type ReceiptRow = {
  id: string;
  receipt_no: string | null;
  amount: string;
  kind: 'new' | 'renewal' | 'balance' | 'adjustment';
  mode: PaymentMode;
  reference: string | null;
  duration: number;
  is_reserved: boolean;
  /** The payment's day and time in the library's time zone. */
  date: string;
  time: string;
  period_start: string;
  period_end: string;
  start_time: string;
  end_time: string;
  seat_name: string | null;
  area_name: string | null;
  library_name: string;
  library_address: string | null;
  library_phone: string;
  library_email: string;
  first_name: string;
  last_name: string | null;
  student_mobile: string;
  /** Issue 20: the language the student chose (null until they choose one): a shared link's page is in it. */
  student_language: Language | null;
  received_by: string | null;
  tax_gstin: string | null;
  tax_rate: string | null;
  tax_sac: string | null;
  place_of_supply: string | null;
  taxable_value: string | null;
  cgst: string | null;
  sgst: string | null;
  igst: string | null;
  adjusts_id: string | null;
  adjusts_receipt_no: string | null;
  reason: string | null;
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
};

/**
 * The library's payment `paymentId` as its receipt shows it. The plan is the one kept with the
 * payment (receipt facts); a payment from before they were kept falls back on its subscription.
 */
export async function findReceipt(db: DbOrTx, libraryId: string, paymentId: string): Promise<ReceiptRow | undefined> {
  const local = (column: string, format: string) => sql.raw(`to_char(${column} at time zone l.time_zone, '${format}')`);
  const result = await db.execute<ReceiptRow>(sql`
    select f.id, f.receipt_no, f.amount::text as amount, f.kind, f.mode, f.reference, f.duration, f.is_reserved,
           ${local('f.created_at', 'YYYY-MM-DD')} as date, ${local('f.created_at', 'HH24:MI')} as time,
           coalesce(f.period_start, s.joining_date)::text as period_start,
           coalesce(f.period_end, s.plan_expires_at)::text as period_end,
           to_char(coalesce(f.window_start, s.start_time), 'HH24:MI') as start_time,
           to_char(coalesce(f.window_end, s.end_time), 'HH24:MI') as end_time,
           f.seat_name, f.area_name,
           l.name as library_name, l.address as library_address, l.mobile as library_phone,
           l.email as library_email,
           st.first_name, st.last_name, st.mobile as student_mobile, st.language as student_language,
           ad.name as received_by,
           f.tax_gstin, f.tax_rate::text as tax_rate, f.tax_sac, f.place_of_supply,
           f.taxable_value::text as taxable_value, f.cgst::text as cgst, f.sgst::text as sgst, f.igst::text as igst,
           f.adjusts_id, original.receipt_no as adjusts_receipt_no, f.reason,
           case when f.voided_at is null then null else ${local('f.voided_at', 'YYYY-MM-DD HH24:MI')} end as voided_at,
           vd.name as voided_by, f.void_reason
    from fees f
    join libraries l on l.id = f.library_id
    join subscriptions s on s.id = f.subscription_id
    join students st on st.id = f.student_id
    left join admins ad on ad.id = f.recorded_by
    left join admins vd on vd.id = f.voided_by
    left join fees original on original.library_id = f.library_id and original.id = f.adjusts_id
    where f.library_id = ${libraryId} and f.id = ${paymentId}`);
  return result.rows[0];
}

/** Stores a share link of the payment's receipt: only the token's hash is kept. */
export async function insertLink(
  db: DbOrTx,
  libraryId: string,
  link: { paymentId: string; tokenHash: string; createdBy: string },
): Promise<{ created_at: string }> {
  const result = await db.execute<{ created_at: string }>(sql`
    insert into receipt_links (library_id, fee_id, token_hash, created_by)
    values (${libraryId}, ${link.paymentId}, ${link.tokenHash}, ${link.createdBy})
    returning to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`);
  const row = result.rows[0];
  if (!row) throw new Error('receipt link insert returned nothing');
  return row;
}

/** Revokes every live share link of the payment's receipt; answers how many. */
export async function revokeLinks(
  db: DbOrTx,
  libraryId: string,
  paymentId: string,
  revokedBy: string,
): Promise<number> {
  const result = await db.execute(sql`
    update receipt_links set revoked_at = now(), revoked_by = ${revokedBy}
    where library_id = ${libraryId} and fee_id = ${paymentId} and revoked_at is null`);
  return result.rowCount ?? 0;
}

export type LinkRow = { library_id: string; fee_id: string; revoked: boolean };

/** The share link whose token has this hash, live or revoked. */
export async function findLink(db: DbOrTx, tokenHash: string): Promise<LinkRow | undefined> {
  const result = await db.execute<LinkRow>(sql`
    select library_id, fee_id, revoked_at is not null as revoked from receipt_links where token_hash = ${tokenHash}`);
  return result.rows[0];
}
