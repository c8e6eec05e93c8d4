import { describe, expect, it } from 'vitest';
import { daysBetween, remindedAgo } from './due-format';

describe('remindedAgo', () => {
  // 17:00 UTC is 10:30 PM in India; two hours later it is already the next day there, not in UTC.
  const lateEvening = '2026-11-20T17:00:00.000Z';
  const justAfterMidnight = new Date('2026-11-20T19:00:00.000Z');

  it("counts days of the library's calendar, not the browser's or UTC's", () => {
    expect(remindedAgo(lateEvening, 'Asia/Kolkata', justAfterMidnight)).toBe('reminded yesterday');
    expect(remindedAgo(lateEvening, 'UTC', justAfterMidnight)).toBe('reminded today');
  });

  it('says today, yesterday, then the days', () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(remindedAgo('2026-11-21T00:30:00.000Z', 'Asia/Kolkata', now)).toBe('reminded today');
    expect(remindedAgo('2026-11-18T12:00:00.000Z', 'Asia/Kolkata', now)).toBe('reminded 3 days ago');
  });

  it('counts whole calendar days across months and years', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });
});
