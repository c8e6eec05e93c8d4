import { describe, expect, it } from 'vitest';
import { addMonths, dateOfDayNumber, dayNumber, formatTimeOfDay, parseTimeOfDay, planExpiry } from './time';

describe('times of day', () => {
  it('parses HH:mm and HH:mm:ss and refuses the rest', () => {
    expect(parseTimeOfDay('06:00')).toBe(360);
    expect(parseTimeOfDay('23:59:59')).toBe(1439);
    for (const bad of ['24:00', '6:00', '12:60', '', '12:00:60', '12:00 PM'])
      expect(parseTimeOfDay(bad)).toBeUndefined();
  });
  it('formats as HH:mm:ss', () => {
    expect(formatTimeOfDay(360)).toBe('06:00:00');
    expect(formatTimeOfDay(1439)).toBe('23:59:00');
  });
});

describe('dates', () => {
  it('round-trips day numbers and refuses impossible dates', () => {
    expect(dateOfDayNumber(dayNumber('2026-11-21')!)).toBe('2026-11-21');
    expect(dayNumber('2026-02-29')).toBeUndefined();
    expect(dayNumber('2028-02-29')).toBeDefined();
    expect(dayNumber('2026-13-01')).toBeUndefined();
  });
  it('adds calendar months, clamping to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-21', 3)).toBe('2027-02-21');
  });
  it('ends a plan the day before the same date months later', () => {
    expect(planExpiry('2026-11-21', 1)).toBe('2026-12-20');
    expect(planExpiry('2026-01-01', 12)).toBe('2026-12-31');
    expect(planExpiry('2026-01-31', 1)).toBe('2026-02-27');
  });
});
