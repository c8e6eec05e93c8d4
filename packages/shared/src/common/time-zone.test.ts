import { describe, expect, it } from 'vitest';
import { todayIn, wallClockIn } from './time-zone';

describe('wallClockIn', () => {
  it("tells the date and minute of the day on the library's clock", () => {
    // 20:00 UTC on 21 November is 01:30 on the 22nd in India (UTC+5:30).
    expect(wallClockIn('Asia/Kolkata', new Date('2026-11-21T20:00:00Z'))).toEqual({ date: '2026-11-22', minute: 90 });
    expect(wallClockIn('Asia/Kolkata', '2026-11-21T18:29:00Z')).toEqual({ date: '2026-11-21', minute: 23 * 60 + 59 });
  });
  it('reads midnight as minute 0 and follows other zones', () => {
    expect(wallClockIn('UTC', new Date('2026-03-01T00:00:00Z'))).toEqual({ date: '2026-03-01', minute: 0 });
    expect(wallClockIn('America/New_York', new Date('2026-03-01T03:00:00Z'))).toEqual({
      date: '2026-02-28',
      minute: 22 * 60,
    });
  });
  it('defaults to India', () => {
    const at = new Date('2024-12-31T20:00:00Z');
    expect(wallClockIn(undefined, at)).toEqual(wallClockIn('Asia/Kolkata', at));
  });
});

describe('todayIn', () => {
  it("gives the library's date, which may already be tomorrow in UTC terms", () => {
    expect(todayIn('Asia/Kolkata', new Date('2024-12-31T20:00:00Z'))).toBe('2025-01-01');
    expect(todayIn('UTC', new Date('2024-12-31T20:00:00Z'))).toBe('2024-12-31');
  });
});
