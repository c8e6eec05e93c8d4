/**
 * An amount of rupees in Hindi words, as a receipt printed in Hindi writes it (issue 20), the
 * counterpart of `rupeesInEnglishWords`: 1500 → "एक हज़ार पाँच सौ रुपये मात्र", 125050.5 → "एक लाख
 * पच्चीस हज़ार पचास रुपये और पचास पैसे मात्र". Indian grouping: करोड़, लाख, हज़ार, सौ. Unlike
 * English, Hindi has its own word for every number below a hundred (इक्कीस is not "बीस एक").
 */

/** 0 to 99, each its own word. */
const BELOW_HUNDRED = [
  'शून्य',
  'एक',
  'दो',
  'तीन',
  'चार',
  'पाँच',
  'छह',
  'सात',
  'आठ',
  'नौ',
  'दस',
  'ग्यारह',
  'बारह',
  'तेरह',
  'चौदह',
  'पंद्रह',
  'सोलह',
  'सत्रह',
  'अठारह',
  'उन्नीस',
  'बीस',
  'इक्कीस',
  'बाईस',
  'तेईस',
  'चौबीस',
  'पच्चीस',
  'छब्बीस',
  'सत्ताईस',
  'अट्ठाईस',
  'उनतीस',
  'तीस',
  'इकतीस',
  'बत्तीस',
  'तैंतीस',
  'चौंतीस',
  'पैंतीस',
  'छत्तीस',
  'सैंतीस',
  'अड़तीस',
  'उनतालीस',
  'चालीस',
  'इकतालीस',
  'बयालीस',
  'तैंतालीस',
  'चवालीस',
  'पैंतालीस',
  'छियालीस',
  'सैंतालीस',
  'अड़तालीस',
  'उनचास',
  'पचास',
  'इक्यावन',
  'बावन',
  'तिरपन',
  'चौवन',
  'पचपन',
  'छप्पन',
  'सत्तावन',
  'अट्ठावन',
  'उनसठ',
  'साठ',
  'इकसठ',
  'बासठ',
  'तिरसठ',
  'चौंसठ',
  'पैंसठ',
  'छियासठ',
  'सड़सठ',
  'अड़सठ',
  'उनहत्तर',
  'सत्तर',
  'इकहत्तर',
  'बहत्तर',
  'तिहत्तर',
  'चौहत्तर',
  'पचहत्तर',
  'छिहत्तर',
  'सतहत्तर',
  'अठहत्तर',
  'उन्यासी',
  'अस्सी',
  'इक्यासी',
  'बयासी',
  'तिरासी',
  'चौरासी',
  'पचासी',
  'छियासी',
  'सत्तासी',
  'अट्ठासी',
  'नवासी',
  'नब्बे',
  'इक्यानवे',
  'बानवे',
  'तिरानवे',
  'चौरानवे',
  'पचानवे',
  'छियानवे',
  'सत्तानवे',
  'अट्ठानवे',
  'निन्यानवे',
] as const;

function belowHundred(n: number): string {
  return BELOW_HUNDRED[n] ?? '';
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${belowHundred(hundreds)} सौ` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number (0 to 99,99,99,99,999) in Hindi words, without "रुपये": 1234567 → "बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ". */
export function wholeNumberInHindiWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('a whole number from 0 is required');
  if (n === 0) return belowHundred(0);
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${wholeNumberInHindiWords(crore)} करोड़` : '',
    lakh ? `${belowHundred(lakh)} लाख` : '',
    thousand ? `${belowHundred(thousand)} हज़ार` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * "… रुपये मात्र", with "और … पैसे" for a part rupee (one is "एक रुपया", "एक पैसा"); the amount
 * has at most two decimals. The same amounts as the English words take, and the same refusals.
 */
export function amountInHindiWords(amount: number): string {
  const paiseTotal = Math.round(amount * 100);
  if (!Number.isSafeInteger(paiseTotal) || paiseTotal < 0) throw new RangeError('an amount from ₹0 is required');
  const rupees = Math.floor(paiseTotal / 100);
  const paise = paiseTotal % 100;
  const paiseWords = `${belowHundred(paise)} ${paise === 1 ? 'पैसा' : 'पैसे'}`;
  if (rupees === 0 && paise > 0) return `${paiseWords} मात्र`;
  return `${wholeNumberInHindiWords(rupees)} ${rupees === 1 ? 'रुपया' : 'रुपये'}${paise ? ` और ${paiseWords}` : ''} मात्र`;
}
