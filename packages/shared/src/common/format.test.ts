import { describe, expect, it } from 'vitest';
import {
  formatDateDMY,
  formatDateTimeDMY,
  formatMonth,
  formatRupees,
  formatRupeesCompact,
  formatTime12h,
  formatWindow,
} from './format';

describe('formatters', () => {
  it('formats times of day as h:mm A', () => {
    expect(formatTime12h('00:00:00')).toBe('12:00 AM');
    expect(formatTime12h('06:05')).toBe('6:05 AM');
    expect(formatTime12h('12:30:00')).toBe('12:30 PM');
    expect(formatTime12h('23:59')).toBe('11:59 PM');
    expect(formatWindow('22:00:00', '06:00:00')).toBe('10:00 PM–6:00 AM');
  });
  it('formats dates as DD/MM/YYYY and timestamps in the library time zone', () => {
    expect(formatDateDMY('2026-11-21')).toBe('21/11/2026');
    expect(formatDateTimeDMY('2026-11-21T20:00:00Z')).toBe('22/11/2026 1:30 AM');
  });
  it('formats rupees with Indian grouping', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(1500)).toBe('₹1,500.00');
  });
  it('formats rupees compactly for a chart axis, in lakhs past a lakh', () => {
    expect(formatRupeesCompact(0)).toBe('₹0');
    expect(formatRupeesCompact(12000)).toBe('₹12K');
    expect(formatRupeesCompact(120000)).toBe('₹1.2L');
  });
  it('formats a calendar month, whatever the time zone it runs in', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2027-01', 'long')).toBe('January 2027');
    expect(formatMonth('2026-09')).toBe('Sep 2026');
  });
});
