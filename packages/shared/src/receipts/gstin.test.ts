import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_STATE_CODES, gstinCheckCharacter, gstinProblem, gstinState, isGstStateCode } from './gstin';

const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');

/** The first 14 characters of a GSTIN of the right shape: state, PAN, entity number, Z. */
const body = fc
  .tuple(
    fc.constantFrom(...GST_STATE_CODES),
    fc.array(letter, { minLength: 5, maxLength: 5 }),
    fc.array(digit, { minLength: 4, maxLength: 4 }),
    letter,
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  )
  .map(([state, pan1, pan2, pan3, entity]) => `${state}${pan1.join('')}${pan2.join('')}${pan3}${entity}Z`);

describe('gstinProblem', () => {
  it('takes GSTINs issued to real taxpayers (published examples)', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8']) {
      expect(gstinProblem(gstin), gstin).toBeUndefined();
    }
    expect(gstinState('27AAPFU0939F1ZV')).toBe('27');
  });

  it('names the problem: format first, then the state code, then the check character', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    expect(gstinProblem('27AAPFU0939F1ZVX')).toBe('format');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format'); // the schema upper-cases before
    expect(gstinProblem('27AAPFU0939F1YV')).toBe('format'); // the 14th is always Z
    expect(gstinProblem('27AAPFU0939F0ZV')).toBe('format'); // entity numbers start at 1
    expect(gstinProblem('2AAAPFU0939F1ZV')).toBe('format');
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('state');
    expect(gstinProblem('39AAPFU0939F1ZV')).toBe('state');
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('check');
    expect(isGstStateCode('97')).toBe(true);
    expect(isGstStateCode('__proto__')).toBe(false);
  });

  it('takes exactly one check character for any well-formed first 14', () => {
    fc.assert(
      fc.property(body, (first14) => {
        const check = gstinCheckCharacter(first14);
        expect(CHARSET).toContain(check);
        const accepted = [...CHARSET].filter((candidate) => gstinProblem(`${first14}${candidate}`) === undefined);
        expect(accepted).toEqual([check]);
      }),
    );
  });

  it('catches any single mistyped character of the PAN or entity number', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 2, max: 12 }), fc.constantFrom(...CHARSET), (first14, at, typed) => {
        fc.pre(first14[at] !== typed);
        const gstin = `${first14}${gstinCheckCharacter(first14)}`;
        const mistyped = `${gstin.slice(0, at)}${typed}${gstin.slice(at + 1)}`;
        // Either the shape gives it away, or the check character does.
        expect(gstinProblem(mistyped)).toBeDefined();
      }),
    );
  });

  it('refuses characters outside the GSTIN charset in the sum', () => {
    expect(() => gstinCheckCharacter('27aapfu0939f1z')).toThrow();
  });
});
