import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { amountInHindiWords, wholeNumberInHindiWords } from './words-hi';
import { rupeesInEnglishWords, rupeesInWords } from './words';

/** Hindi numbers 0–99 written out apart from the code under test, ten to a row. */
const TABLE = [
  'शून्य एक दो तीन चार पाँच छह सात आठ नौ',
  'दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस',
  'बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस',
  'तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस',
  'चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास',
  'पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ',
  'साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर',
  'सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी',
  'अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी',
  'नब्बे इक्यानवे बानवे तिरानवे चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे',
].flatMap((row) => row.split(' '));

const VALUE: Record<string, number> = Object.fromEntries(TABLE.map((word, index) => [word, index]));

/** Reads Hindi number words back (a reader written apart from the writer under test). */
function readBack(words: string): number {
  let total = 0;
  let group = 0;
  for (const word of words.split(' ')) {
    if (word in VALUE) group += VALUE[word]!;
    else if (word === 'सौ') group *= 100;
    else if (word === 'करोड़') {
      total = (total + group) * 10_000_000;
      group = 0;
    } else if (word === 'लाख' || word === 'हज़ार') {
      total += group * (word === 'लाख' ? 100_000 : 1000);
      group = 0;
    } else throw new Error(`unexpected word ${word}`);
  }
  return total + group;
}

afterEach(() => setLanguage('en'));

describe('amountInHindiWords', () => {
  it('has its own word for every number from 0 to 99', () => {
    expect(TABLE).toHaveLength(100);
    for (let n = 0; n < 100; n++) expect(wholeNumberInHindiWords(n)).toBe(TABLE[n]);
    expect(new Set(TABLE).size).toBe(100);
  });

  it('spot-checks the irregular words', () => {
    expect([11, 19, 21, 29, 39, 44, 49, 53, 59, 67, 69, 79, 89, 95, 99].map((n) => wholeNumberInHindiWords(n))).toEqual(
      [
        'ग्यारह',
        'उन्नीस',
        'इक्कीस',
        'उनतीस',
        'उनतालीस',
        'चवालीस',
        'उनचास',
        'तिरपन',
        'उनसठ',
        'सड़सठ',
        'उनहत्तर',
        'उन्यासी',
        'नवासी',
        'पचानवे',
        'निन्यानवे',
      ],
    );
  });

  it('writes amounts as a Hindi receipt does', () => {
    expect(amountInHindiWords(0)).toBe('शून्य रुपये मात्र');
    expect(amountInHindiWords(1)).toBe('एक रुपया मात्र');
    expect(amountInHindiWords(2)).toBe('दो रुपये मात्र');
    expect(amountInHindiWords(100)).toBe('एक सौ रुपये मात्र');
    expect(amountInHindiWords(101)).toBe('एक सौ एक रुपये मात्र');
    expect(amountInHindiWords(999)).toBe('नौ सौ निन्यानवे रुपये मात्र');
    expect(amountInHindiWords(1000)).toBe('एक हज़ार रुपये मात्र');
    expect(amountInHindiWords(1500)).toBe('एक हज़ार पाँच सौ रुपये मात्र');
    expect(amountInHindiWords(100_000)).toBe('एक लाख रुपये मात्र');
    expect(amountInHindiWords(1_25_050.5)).toBe('एक लाख पच्चीस हज़ार पचास रुपये और पचास पैसे मात्र');
    expect(amountInHindiWords(1_234_567)).toBe('बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ रुपये मात्र');
    expect(amountInHindiWords(10_000_000)).toBe('एक करोड़ रुपये मात्र');
    expect(amountInHindiWords(12_345_678)).toBe('एक करोड़ तेईस लाख पैंतालीस हज़ार छह सौ अठहत्तर रुपये मात्र');
    expect(amountInHindiWords(1271.19)).toBe('एक हज़ार दो सौ इकहत्तर रुपये और उन्नीस पैसे मात्र');
  });

  it('writes paise, one paisa and one rupee in the singular', () => {
    expect(amountInHindiWords(0.05)).toBe('पाँच पैसे मात्र');
    expect(amountInHindiWords(0.01)).toBe('एक पैसा मात्र');
    expect(amountInHindiWords(0.1 + 0.2)).toBe('तीस पैसे मात्र');
    expect(amountInHindiWords(0.99)).toBe('निन्यानवे पैसे मात्र');
    expect(amountInHindiWords(1.01)).toBe('एक रुपया और एक पैसा मात्र');
    expect(amountInHindiWords(250.75)).toBe('दो सौ पचास रुपये और पचहत्तर पैसे मात्र');
  });

  it('refuses what the English refuses', () => {
    expect(() => amountInHindiWords(-1)).toThrow(RangeError);
    expect(() => amountInHindiWords(Number.NaN)).toThrow(RangeError);
    expect(() => wholeNumberInHindiWords(1.5)).toThrow(RangeError);
  });

  it('says every amount up to ₹10,00,000 and its paise so that it reads back to the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (paise) => {
        const words = amountInHindiWords(paise / 100);
        expect(words).not.toMatch(/ {2}/);
        const said = words.replace(/ मात्र$/, '');
        const match = /^(?:(.+) (?:रुपये|रुपया))?(?:(?: और )?(.+) (?:पैसे|पैसा))?$/u.exec(said);
        expect(match).not.toBeNull();
        const [, rupeePart = 'शून्य', paisePart = 'शून्य'] = match!;
        expect(readBack(rupeePart) * 100 + readBack(paisePart)).toBe(paise);
      }),
    );
  });

  it('groups crores of crores', () => {
    expect(readBack(wholeNumberInHindiWords(99_99_99_99_999))).toBe(99_99_99_99_999);
    expect(wholeNumberInHindiWords(1_00_00_00_000)).toBe('एक सौ करोड़');
  });
});

describe('rupeesInWords', () => {
  it('writes the current language: English as before, Hindi when Hindi is chosen', () => {
    expect(rupeesInWords(1_25_050.5)).toBe('Rupees One Lakh Twenty Five Thousand Fifty and Fifty Paise only');
    setLanguage('hi');
    expect(rupeesInWords(1_25_050.5)).toBe('एक लाख पच्चीस हज़ार पचास रुपये और पचास पैसे मात्र');
    expect(rupeesInWords(0.05)).toBe('पाँच पैसे मात्र');
    setLanguage('en');
    for (const amount of [0, 0.05, 1, 101, 1500, 1271.19, 10_000_000]) {
      expect(rupeesInWords(amount)).toBe(rupeesInEnglishWords(amount));
    }
  });
});
