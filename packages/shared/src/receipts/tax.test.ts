import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitInclusiveTax } from './tax';

/** The taxable value in paise, by exact integer arithmetic: paise × 100 ÷ (100 + rate), half up. */
function exactTaxablePaise(paise: bigint, basisPoints: bigint): bigint {
  const divisor = 10_000n + basisPoints;
  const scaled = paise * 10_000n;
  const quotient = scaled / divisor;
  return (scaled % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}

describe('splitInclusiveTax', () => {
  it('breaks ₹1,500 at 18% into ₹1,271.19 and ₹228.81, SGST taking the odd paisa', () => {
    expect(splitInclusiveTax(1500, 18, false)).toEqual({
      amount: 1500,
      rate: 18,
      taxable_value: 1271.19,
      cgst: 114.4,
      sgst: 114.41,
      igst: 0,
    });
    expect(splitInclusiveTax(1500, 18, true)).toMatchObject({ taxable_value: 1271.19, cgst: 0, sgst: 0, igst: 228.81 });
    expect(splitInclusiveTax(118, 18, false)).toMatchObject({ taxable_value: 100, cgst: 9, sgst: 9 });
    expect(splitInclusiveTax(0.01, 18, false)).toMatchObject({ taxable_value: 0.01, cgst: 0, sgst: 0 });
    expect(splitInclusiveTax(0, 18, false)).toMatchObject({ taxable_value: 0, cgst: 0, sgst: 0, igst: 0 });
  });

  it('rounds the taxable value to the nearest paisa, a half up', () => {
    // 59 × 100 ÷ 118 = 50 exactly; 0.6 → 50.847… → 51; 1.77 → 150
    expect(splitInclusiveTax(0.59, 18, false).taxable_value).toBe(0.5);
    expect(splitInclusiveTax(0.6, 18, false).taxable_value).toBe(0.51);
    // 5 × 100 ÷ 105 = 4.7619 at 5%; ₹0.21 at 5% = 20 paise exactly; ₹0.63 at 5% = 60
    expect(splitInclusiveTax(0.21, 5, false).taxable_value).toBe(0.2);
    // A true half: 1.5 paise of taxable value → 2 (rate 100% makes amount ÷ 2).
    expect(splitInclusiveTax(0.03, 100, false).taxable_value).toBe(0.02);
  });

  it('always adds up to the amount, within a state or to another', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 4000 }),
        fc.boolean(),
        (paise, basisPoints, interState) => {
          const split = splitInclusiveTax(paise / 100, basisPoints / 100, interState);
          const inPaise = (rupees: number) => Math.round(rupees * 100);
          expect(BigInt(inPaise(split.taxable_value))).toBe(exactTaxablePaise(BigInt(paise), BigInt(basisPoints)));
          expect(inPaise(split.taxable_value) + inPaise(split.cgst) + inPaise(split.sgst) + inPaise(split.igst)).toBe(
            paise,
          );
          if (interState) {
            expect([split.cgst, split.sgst]).toEqual([0, 0]);
          } else {
            expect(split.igst).toBe(0);
            expect(inPaise(split.sgst) - inPaise(split.cgst)).toBeGreaterThanOrEqual(0);
            expect(inPaise(split.sgst) - inPaise(split.cgst)).toBeLessThanOrEqual(1);
          }
          // Every figure is a whole number of paise (no float tails).
          for (const figure of [split.taxable_value, split.cgst, split.sgst, split.igst]) {
            expect(Number((figure * 100).toFixed(6)) % 1).toBe(0);
            expect(Number(figure.toFixed(2))).toBe(figure);
          }
        },
      ),
    );
  });

  it('refuses negative amounts and rates', () => {
    expect(() => splitInclusiveTax(-1, 18, false)).toThrow(RangeError);
    expect(() => splitInclusiveTax(1, -18, false)).toThrow(RangeError);
  });
});
