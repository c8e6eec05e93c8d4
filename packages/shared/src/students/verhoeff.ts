// Verhoeff check digit (dihedral group D5), the checksum UIDAI uses for the last
// digit of an Aadhaar number. It catches every single-digit error and every
// transposition of adjacent digits, which a plain modulus check does not.

const MULTIPLY: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];

const PERMUTE: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

const INVERSE: readonly number[] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

// Runs the Verhoeff accumulator over the digits, rightmost first; `offset` is 1
// when a check digit is still to be appended (its position shifts the others).
function checksum(digits: string, offset: 0 | 1): number {
  let c = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = MULTIPLY[c]![PERMUTE[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

const DIGITS = /^\d+$/;

/** Whether a string of digits ends with a valid Verhoeff check digit. */
export function isVerhoeffValid(digits: string): boolean {
  return DIGITS.test(digits) && checksum(digits, 0) === 0;
}

/** The Verhoeff check digit to append to a string of digits. */
export function verhoeffCheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) throw new Error('verhoeffCheckDigit expects digits only');
  return INVERSE[checksum(digits, 1)]!;
}
