import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { loadHindi } from '../i18n/hindi';
import {
  formatDateDMY,
  formatDateTimeDMY,
  formatMonth,
  formatRupees,
  formatRupeesCompact,
  formatTime12h,
  formatWindow,
} from './format';

loadHindi();
afterEach(() => setLanguage('en'));

// Issue 20: Indian formats in both languages.
describe('formats in English (SPEC) and Hindi', () => {
  it('writes 12-hour times with AM/PM, and पूर्वाह्न/अपराह्न in Hindi', () => {
    expect([formatTime12h('00:00'), formatTime12h('06:00:00'), formatTime12h('12:00'), formatTime12h('23:59')]).toEqual(
      ['12:00 AM', '6:00 AM', '12:00 PM', '11:59 PM'],
    );
    expect(formatWindow('06:00', '14:00')).toBe('6:00 AM–2:00 PM');
    setLanguage('hi');
    expect([formatTime12h('00:00'), formatTime12h('06:00:00'), formatTime12h('12:00'), formatTime12h('23:59')]).toEqual(
      ['12:00 पूर्वाह्न', '6:00 पूर्वाह्न', '12:00 अपराह्न', '11:59 अपराह्न'],
    );
    expect(formatWindow('06:00', '14:00')).toBe('6:00 पूर्वाह्न–2:00 अपराह्न');
  });

  it('writes dates DD/MM/YYYY and rupees with lakh grouping in both', () => {
    for (const language of ['en', 'hi'] as const) {
      setLanguage(language);
      expect(formatDateDMY('2026-04-01')).toBe('01/04/2026');
      expect(formatRupees(12345678.5)).toBe('₹1,23,45,678.50');
      expect(formatRupees(100000)).toBe('₹1,00,000.00');
    }
    setLanguage('hi');
    expect(formatDateTimeDMY('2026-04-01T00:30:00Z')).toBe('01/04/2026 6:00 पूर्वाह्न');
  });

  it('writes chart amounts in thousands, lakhs and crores, in Hindi words in Hindi', () => {
    expect([12000, 120000, 12000000].map(formatRupeesCompact)).toEqual(['₹12K', '₹1.2L', '₹1.2Cr']);
    setLanguage('hi');
    expect([12000, 120000].map(formatRupeesCompact)).toEqual(['₹12\u00a0हज़ार', '₹1.2\u00a0लाख']);
  });

  it('names months in each language with Latin digits', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-11', 'long')).toBe('November 2026');
    setLanguage('hi');
    expect(formatMonth('2026-11', 'long')).toBe('नवंबर 2026');
    expect(formatMonth('2026-03')).toMatch(/^मार्च 2026$/);
  });
});
