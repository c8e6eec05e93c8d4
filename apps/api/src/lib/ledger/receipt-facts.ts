import { sql, type SQL } from 'drizzle-orm';
import { gstinState, splitInclusiveTax } from '@app/shared';
import type { DbOrTx } from '../../db/client';

/**
 * What a receipt shows is fixed when the payment is taken (issue 14, docs/decisions.md
 * "Receipts and tax invoices"): the plan as paid for, and for a library holding a GSTIN the
 * tax invoice's figures. A later change of the plan, the seat or the settings never
 * rewrites a receipt already issued.
 */

type TaxSource = {
  gstin: string | null;
  gst_rate: string | null;
  sac: string | null;
  /** For an adjustment: where the payment it adjusts was supplied. */
  original_place: string | null;
};

export interface TaxFacts {
  gstin: string;
  rate: number;
  sac: string;
  placeOfSupply: string;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * The tax invoice's figures for `amount` (rupees) under a GSTIN: the place of supply is the one
 * given, else `fallbackPlace`, else the GSTIN's own state; IGST when it is another state. The
 * split is the shared `splitInclusiveTax`, so the web and the API can never disagree on it.
 */
export function taxFactsFor(
  amount: number,
  settings: { gstin: string; rate: number; sac: string },
  placeOfSupply: string | undefined,
  fallbackPlace: string | null,
): TaxFacts {
  const home = gstinState(settings.gstin) ?? settings.gstin.slice(0, 2);
  const place = placeOfSupply ?? fallbackPlace ?? home;
  const split = splitInclusiveTax(amount, settings.rate, place !== home);
  return {
    gstin: settings.gstin,
    rate: split.rate,
    sac: settings.sac,
    placeOfSupply: place,
    taxableValue: split.taxable_value,
    cgst: split.cgst,
    sgst: split.sgst,
    igst: split.igst,
  };
}

const money = (rupees: number | undefined) => (rupees === undefined ? null : rupees.toFixed(2));

/**
 * The tax figures of a payment of `amount` rupees about to be taken, while the library's settings
 * hold a GSTIN (else undefined). `placeOfSupply` is the student's state from the payment's body;
 * an adjustment without one keeps the original payment's (`adjustsId`).
 */
export async function receiptTaxFacts(
  tx: DbOrTx,
  libraryId: string,
  payment: { amount: number; adjustsId: string | null; placeOfSupply?: string },
): Promise<TaxFacts | undefined> {
  const found = await tx.execute<TaxSource>(sql`
    select s.gstin, s.gst_rate::text as gst_rate, s.sac,
           (select original.place_of_supply from fees original
             where original.library_id = ${libraryId} and original.id = ${payment.adjustsId}::uuid) as original_place
    from (select 1) one left join library_settings s on s.library_id = ${libraryId}`);
  const source = found.rows[0];
  if (!source?.gstin || !source.gst_rate || !source.sac) return undefined;
  return taxFactsFor(
    payment.amount,
    { gstin: source.gstin, rate: Number(source.gst_rate), sac: source.sac },
    payment.placeOfSupply,
    source.original_place,
  );
}

/** The columns of the receipt facts a payment above ₹0 is written with (see `receiptFactValues`). */
export const receiptFactColumns = sql`period_start, period_end, window_start, window_end, seat_name, area_name,
  tax_gstin, tax_rate, tax_sac, place_of_supply, taxable_value, cgst, sgst, igst`;

/**
 * Their values: the subscription `sub` as it now stands (joining date and expiry after this
 * payment's period was applied, its daily window), its `seat` and `area` names (left joins), and
 * the tax figures (`receiptTaxFacts`). A later change of the plan, the seat or the settings never
 * rewrites a receipt already issued.
 */
export function receiptFactValues(tax: TaxFacts | undefined): SQL {
  return sql`sub.joining_date, sub.plan_expires_at, sub.start_time, sub.end_time, seat.name, area.name,
    ${tax?.gstin ?? null}, ${money(tax?.rate)}::numeric, ${tax?.sac ?? null}, ${tax?.placeOfSupply ?? null},
    ${money(tax?.taxableValue)}::numeric, ${money(tax?.cgst)}::numeric, ${money(tax?.sgst)}::numeric, ${money(tax?.igst)}::numeric`;
}
