import { describe, expect, it } from 'vitest';
import { fontRuns, parseUnicodeRanges, receiptFonts } from './receipt-fonts';

describe('fontRuns', async () => {
  const fonts = await receiptFonts();

  it('gives Devanagari words to Noto Sans Devanagari and the rest to Noto Sans, ₹ to its Latin Extended file', () => {
    expect(fontRuns('Bill to राहुल शर्मा', fonts)).toEqual([
      { face: 'latin', text: 'Bill to ' },
      { face: 'devanagari', text: 'राहुल' },
      { face: 'latin', text: ' ' },
      { face: 'devanagari', text: 'शर्मा' },
    ]);
    expect(fontRuns('₹1,500.00 – Rupees', fonts)).toEqual([
      { face: 'latinExt', text: '₹' },
      { face: 'latin', text: '1,500.00 – Rupees' },
    ]);
  });

  it('keeps joiners and signs with their Devanagari letters, so the word is shaped whole', () => {
    // क्‍ष: a half form asked for with a zero-width joiner (U+200D, also in the Latin file's range).
    expect(fontRuns('क्\u200Dष', fonts)).toEqual([{ face: 'devanagari', text: 'क्\u200Dष' }]);
  });

  it('falls back on Latin for a character no face has', () => {
    expect(fontRuns('தமிழ்', fonts).map((run) => run.face)).toEqual(['latin']);
  });
});

describe('parseUnicodeRanges', () => {
  it('reads the packages’ unicode.json ranges', () => {
    expect(parseUnicodeRanges('U+0900-097F, U+20B9')).toEqual([
      [0x900, 0x97f],
      [0x20b9, 0x20b9],
    ]);
  });
});
