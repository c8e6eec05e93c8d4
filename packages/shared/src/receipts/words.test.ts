import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rupeesInWords, wholeNumberInWords } from './words';

const SMALL: Record<string, number> = Object.fromEntries([
  ...'One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen Seventeen Eighteen Nineteen'
    .split(' ')
    .map((word, index) => [word, index + 1]),
  ...'Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety'.split(' ').map((word, index) => [word, (index + 2) * 10]),
]);
const SCALES: Record<string, number> = { Hundred: 100, Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 };

/** Reads Indian English number words back (a reader written apart from the writer under test). */
function readBack(words: string): number {
  let total = 0;
  let group = 0;
  for (const word of words.split(' ')) {
    if (word in SMALL) group += SMALL[word]!;
    else if (word === 'Hundred') group *= 100;
    else if (word === 'Crore') {
      total = (total + group) * SCALES.Crore!;
      group = 0;
    } else if (word in SCALES) {
      total += group * SCALES[word]!;
      group = 0;
    } else if (word === 'Zero') return 0;
    else throw new Error(`unexpected word ${word}`);
  }
  return total + group;
}

describe('rupeesInWords', () => {
  it('writes amounts as receipts do', () => {
    expect(rupeesInWords(1500)).toBe('Rupees One Thousand Five Hundred only');
    expect(rupeesInWords(0)).toBe('Rupees Zero only');
    expect(rupeesInWords(1)).toBe('Rupees One only');
    expect(rupeesInWords(15)).toBe('Rupees Fifteen only');
    expect(rupeesInWords(90)).toBe('Rupees Ninety only');
    expect(rupeesInWords(101)).toBe('Rupees One Hundred One only');
    expect(rupeesInWords(1271.19)).toBe('Rupees One Thousand Two Hundred Seventy One and Nineteen Paise only');
    expect(rupeesInWords(250000.5)).toBe('Rupees Two Lakh Fifty Thousand and Fifty Paise only');
    expect(rupeesInWords(1_000_000)).toBe('Rupees Ten Lakh only');
    expect(rupeesInWords(12_345_678)).toBe(
      'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight only',
    );
    expect(rupeesInWords(0.05)).toBe('Five Paise only');
    expect(rupeesInWords(0.1 + 0.2)).toBe('Thirty Paise only');
  });

  it('refuses negative and non-finite amounts', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(Number.NaN)).toThrow(RangeError);
    expect(() => wholeNumberInWords(1.5)).toThrow(RangeError);
  });

  it('says every amount up to ₹10,00,000 and its paise so that it reads back to the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (paise) => {
        const words = rupeesInWords(paise / 100);
        expect(words).toMatch(/^(Rupees [A-Za-z ]+?( and [A-Za-z ]+ Paise)?|[A-Za-z ]+ Paise) only$/);
        expect(words).not.toMatch(/ {2}/);
        const said = words.replace(/ only$/, '');
        const [rupeePart, paisePart] = said.startsWith('Rupees ')
          ? said.slice('Rupees '.length).split(' and ')
          : ['Zero', said];
        expect(readBack(rupeePart!) * 100 + readBack(paisePart?.replace(/ Paise$/, '') ?? 'Zero')).toBe(paise);
      }),
    );
  });

  it('groups crores of crores', () => {
    expect(readBack(wholeNumberInWords(99_99_99_99_999))).toBe(99_99_99_99_999);
    expect(wholeNumberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
  });
});
