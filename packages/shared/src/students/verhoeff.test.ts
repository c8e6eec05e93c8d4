import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isVerhoeffValid, verhoeffCheckDigit } from './verhoeff';

describe('Verhoeff', () => {
  it('computes the textbook check digits', () => {
    // Published examples: 236 → 3, 12345 → 1, 142857 → 0.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffCheckDigit('142857')).toBe(0);
  });

  it('accepts numbers that end with their check digit and refuses others', () => {
    expect(isVerhoeffValid('2363')).toBe(true);
    expect(isVerhoeffValid('2364')).toBe(false);
    expect(isVerhoeffValid('123451')).toBe(true);
    expect(isVerhoeffValid('123415')).toBe(false);
  });

  it('refuses anything that is not digits', () => {
    expect(isVerhoeffValid('')).toBe(false);
    expect(isVerhoeffValid('23 63')).toBe(false);
    expect(isVerhoeffValid('abc')).toBe(false);
    expect(() => verhoeffCheckDigit('12a')).toThrow();
  });

  const body = fc.stringMatching(/^\d{11}$/);

  it('always validates a number completed with its own check digit', () => {
    fc.assert(fc.property(body, (digits) => isVerhoeffValid(digits + verhoeffCheckDigit(digits))));
  });

  it('detects every single-digit error', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 9 }), (digits, at, shift) => {
        const valid = digits + verhoeffCheckDigit(digits);
        const changed = String((Number(valid[at]) + shift) % 10);
        const wrong = valid.slice(0, at) + changed + valid.slice(at + 1);
        return !isVerhoeffValid(wrong);
      }),
    );
  });

  it('detects every transposition of two different adjacent digits', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 10 }), (digits, at) => {
        const valid = digits + verhoeffCheckDigit(digits);
        fc.pre(valid[at] !== valid[at + 1]);
        const swapped = valid.slice(0, at) + valid[at + 1] + valid[at] + valid.slice(at + 2);
        return !isVerhoeffValid(swapped);
      }),
    );
  });
});
