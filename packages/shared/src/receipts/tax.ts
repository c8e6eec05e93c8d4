/**
 * GST inside a tax-inclusive price (issue 14). Prices at the desk include GST, so an
 * invoice breaks the amount back into its taxable value and tax:
 *
 *   taxable value = amount × 100 ÷ (100 + rate), rounded to the nearest paisa (half up);
 *   tax           = amount − taxable value (so the invoice always adds up to the amount);
 *   within a state CGST = half the tax rounded down to the paisa, SGST = the rest
 *   (SGST takes the odd paisa); to another state it is all IGST.
 *
 * Worked in whole paise, so every figure is exact.
 */

export interface TaxSplit {
  amount: number;
  rate: number;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** Breaks a tax-inclusive `amount` (rupees, ≤ 2 decimals) at `rate` percent (≤ 2 decimals). */
export function splitInclusiveTax(amount: number, rate: number, interState: boolean): TaxSplit {
  const paise = Math.round(amount * 100);
  const basisPoints = Math.round(rate * 100);
  if (!Number.isSafeInteger(paise) || paise < 0 || basisPoints < 0) throw new RangeError('amount and rate from 0');
  // paise × 10000 ÷ (10000 + bp), half up, in integers: (2·paise·10000 + divisor) ÷ (2·divisor).
  const divisor = 10_000 + basisPoints;
  const taxablePaise = Math.floor((2 * paise * 10_000 + divisor) / (2 * divisor));
  const taxPaise = paise - taxablePaise;
  const cgstPaise = interState ? 0 : Math.floor(taxPaise / 2);
  const sgstPaise = interState ? 0 : taxPaise - cgstPaise;
  return {
    amount: paise / 100,
    rate: basisPoints / 100,
    taxable_value: taxablePaise / 100,
    cgst: cgstPaise / 100,
    sgst: sgstPaise / 100,
    igst: interState ? taxPaise / 100 : 0,
  };
}
