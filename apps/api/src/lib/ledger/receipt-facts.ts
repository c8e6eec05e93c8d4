import { sql } from 'drizzle-orm';
import { gstinState, splitInclusiveTax } from '@app/shared';
import type { DbOrTx } from '../../db/client';

/**
 * What a receipt shows is fixed when the payment is taken (issue 14, docs/decisions.md
 * "Receipts and tax invoices"): the plan as paid for, and for a library holding a GSTIN the
 * tax invoice's figures. A later change of the plan, the seat or the settings never
 * rewrites a receipt already issued.
 */

type FactsSource = {
  amount: string;
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
 * Fixes the receipt facts of the payment `feeId` (just written, above ₹0) in the caller's
 * transaction: the subscription's period as it now stands (joining date and expiry after this
 * payment's period was applied), its daily window, seat and area names, and, while the
 * library's settings hold a GSTIN, the tax figures. `placeOfSupply` is the student's state
 * from the payment's body; an adjustment without one keeps the original payment's.
 */
export async function fixReceiptFacts(
  tx: DbOrTx,
  libraryId: string,
  feeId: string,
  placeOfSupply?: string,
): Promise<void> {
  const found = await tx.execute<FactsSource>(sql`
    select f.amount::text as amount, s.gstin, s.gst_rate::text as gst_rate, s.sac,
           original.place_of_supply as original_place
    from fees f
    left join library_settings s on s.library_id = f.library_id
    left join fees original on original.library_id = f.library_id and original.id = f.adjusts_id
    where f.library_id = ${libraryId} and f.id = ${feeId}`);
  const source = found.rows[0];
  if (!source) throw new Error('receipt facts: the payment is missing');
  const tax =
    source.gstin && source.gst_rate && source.sac
      ? taxFactsFor(
          Number(source.amount),
          { gstin: source.gstin, rate: Number(source.gst_rate), sac: source.sac },
          placeOfSupply,
          source.original_place,
        )
      : undefined;
  await tx.execute(sql`
    update fees f set
      period_start = sub.joining_date, period_end = sub.plan_expires_at,
      window_start = sub.start_time, window_end = sub.end_time,
      seat_name = seat.name, area_name = area.name,
      tax_gstin = ${tax?.gstin ?? null}, tax_rate = ${money(tax?.rate)}, tax_sac = ${tax?.sac ?? null},
      place_of_supply = ${tax?.placeOfSupply ?? null}, taxable_value = ${money(tax?.taxableValue)},
      cgst = ${money(tax?.cgst)}, sgst = ${money(tax?.sgst)}, igst = ${money(tax?.igst)}
    from subscriptions sub
    left join seats seat on seat.id = sub.seat_id
    left join areas area on area.id = seat.area_id
    where f.library_id = ${libraryId} and f.id = ${feeId} and sub.id = f.subscription_id`);
}
