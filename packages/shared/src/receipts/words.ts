/**
 * An amount of rupees in Indian English words, as receipts write it (issue 14):
 * 1500 → "Rupees One Thousand Five Hundred only", 250000.5 → "Rupees Two Lakh Fifty Thousand
 * and Fifty Paise only". Indian grouping: crore, lakh, thousand, hundred. In Hindi (issue 20)
 * receipts write the Hindi words of `words-hi.ts`; `rupeesInWords` picks by the current language.
 */
import { currentLanguage } from '../i18n/i18n';
import { amountInHindiWords } from './words-hi';

export { amountInHindiWords, wholeNumberInHindiWords } from './words-hi';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ''}${ones ? ` ${ONES[ones] ?? ''}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds] ?? ''} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number of rupees (0 to 99,99,99,99,999) in words, without "Rupees". */
export function wholeNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('a whole number from 0 is required');
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${wholeNumberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees … only", with "and … Paise" for a part rupee; the amount has at most two decimals. */
export function rupeesInEnglishWords(amount: number): string {
  const paiseTotal = Math.round(amount * 100);
  if (!Number.isSafeInteger(paiseTotal) || paiseTotal < 0) throw new RangeError('an amount from ₹0 is required');
  const rupees = Math.floor(paiseTotal / 100);
  const paise = paiseTotal % 100;
  if (rupees === 0 && paise > 0) return `${belowHundred(paise)} Paise only`;
  return `Rupees ${wholeNumberInWords(rupees)}${paise ? ` and ${belowHundred(paise)} Paise` : ''} only`;
}

/** An amount in words in the current language: `rupeesInEnglishWords`, or `amountInHindiWords` in Hindi. */
export function rupeesInWords(amount: number): string {
  return currentLanguage() === 'hi' ? amountInHindiWords(amount) : rupeesInEnglishWords(amount);
}
