import { describe, expect, it } from 'vitest';
import { deviceRegistrationSchema, formatPairingCode, normalizePairingCode } from './devices.schema';

describe('pairing codes', () => {
  it('reads a code however it was typed', () => {
    expect(normalizePairingCode('k7qh-3mzp')).toBe('K7QH3MZP');
    expect(normalizePairingCode(' K7QH 3MZP ')).toBe('K7QH3MZP');
    // Letters people mistake for digits are read as those digits.
    expect(normalizePairingCode('OIL0-1ABC')).toBe('01101ABC');
    expect(formatPairingCode('K7QH3MZP')).toBe('K7QH-3MZP');
  });

  it('accepts only 8 characters of the alphabet', () => {
    const parse = (pairingCode: string) =>
      deviceRegistrationSchema.safeParse({ pairingCode, fcmToken: 'a'.repeat(30), platform: 'web' }).success;
    expect(parse('k7qh-3mzp')).toBe(true);
    expect(parse('K7QH3MZ')).toBe(false);
    expect(parse('K7QH3MZPQ')).toBe(false);
    expect(parse('K7QH3MZU')).toBe(false); // no U in Crockford's alphabet
  });
});
