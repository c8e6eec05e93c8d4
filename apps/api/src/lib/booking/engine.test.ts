import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { busiestMoment, coversInstant, fits, peakOccupancy, placesLeft, windowLength, type Booking } from './engine';
import { MINUTES_PER_DAY } from './time';

const t = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const booking = (start: string, end: string, first: number, last: number): Booking => ({
  window: { start: t(start), end: t(end) },
  days: { first, last },
});

describe('windowLength', () => {
  it('measures plain and overnight windows', () => {
    expect(windowLength({ start: t('06:00'), end: t('14:00') })).toBe(480);
    expect(windowLength({ start: t('22:00'), end: t('06:00') })).toBe(480);
    expect(windowLength({ start: t('09:00'), end: t('09:00') })).toBe(MINUTES_PER_DAY);
  });
});

describe('coversInstant', () => {
  const night = booking('22:00', '06:00', 10, 12);
  it('covers the evening of each day and the morning after', () => {
    expect(coversInstant(night, 10, t('23:00'))).toBe(true);
    expect(coversInstant(night, 11, t('05:59'))).toBe(true);
    expect(coversInstant(night, 11, t('06:00'))).toBe(false);
    expect(coversInstant(night, 10, t('05:00'))).toBe(false); // the plan starts on the evening of day 10
    expect(coversInstant(night, 13, t('05:00'))).toBe(true); // the last night ends the next morning
    expect(coversInstant(night, 13, t('22:30'))).toBe(false);
  });
});

describe('peakOccupancy', () => {
  it('counts bookings overlapping the window on shared days', () => {
    const existing = [
      booking('06:00', '14:00', 0, 30),
      booking('10:00', '18:00', 0, 30),
      booking('14:00', '22:00', 0, 30),
    ];
    expect(peakOccupancy(existing, booking('12:00', '13:00', 5, 6))).toBe(2);
    expect(peakOccupancy(existing, booking('14:00', '15:00', 5, 6))).toBe(2); // 06–14 ends as 14–22 starts
    expect(peakOccupancy(existing, booking('23:00', '05:00', 5, 6))).toBe(0);
  });
  it('ignores bookings on other days', () => {
    expect(peakOccupancy([booking('06:00', '14:00', 0, 9)], booking('06:00', '14:00', 10, 40))).toBe(0);
  });
  it('sees an overnight booking reaching into the next morning', () => {
    expect(peakOccupancy([booking('22:00', '06:00', 0, 9)], booking('05:00', '07:00', 10, 10))).toBe(1);
    expect(peakOccupancy([booking('22:00', '06:00', 0, 9)], booking('05:00', '07:00', 11, 11))).toBe(0);
  });
});

describe('fits and placesLeft', () => {
  it('keeps a seat of capacity 2 to two people at a time', () => {
    const existing = [booking('06:00', '14:00', 0, 29), booking('08:00', '12:00', 0, 29)];
    expect(fits(existing, booking('13:00', '16:00', 0, 29), 2)).toBe(true);
    expect(fits(existing, booking('09:00', '10:00', 0, 29), 2)).toBe(false);
    expect(placesLeft(existing, booking('09:00', '10:00', 0, 29), 2)).toBe(0);
    expect(placesLeft(existing, booking('15:00', '16:00', 0, 29), 5)).toBe(5);
  });
});

// The oracle: walk every minute the candidate holds and count the bookings holding it too.
function bruteForcePeak(existing: Booking[], candidate: Booking): number {
  let peak = 0;
  const length = windowLength(candidate.window);
  for (let day = candidate.days.first; day <= candidate.days.last; day += 1) {
    for (let offset = 0; offset < length; offset += 1) {
      const absolute = candidate.window.start + offset;
      const minuteDay = day + Math.floor(absolute / MINUTES_PER_DAY);
      const minute = absolute % MINUTES_PER_DAY;
      const count = existing.filter((b) => coversInstant(b, minuteDay, minute)).length;
      if (count > peak) peak = count;
    }
  }
  return peak;
}

// Coarse minutes (multiples of 60) keep the oracle fast while still hitting edges exactly.
const windowArb = fc.record({
  start: fc.integer({ min: 0, max: 23 }).map((h) => h * 60),
  end: fc.integer({ min: 0, max: 23 }).map((h) => h * 60),
});
const bookingArb = fc
  .record({ window: windowArb, first: fc.integer({ min: 0, max: 12 }), span: fc.integer({ min: 0, max: 6 }) })
  .map(({ window, first, span }): Booking => ({ window, days: { first, last: first + span } }));

describe('peakOccupancy against a minute-by-minute oracle', () => {
  it('agrees on random bookings, overnight wraps and edges included', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 8 }), bookingArb, (existing, candidate) => {
        expect(peakOccupancy(existing, candidate)).toBe(bruteForcePeak(existing, candidate));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with minute-precise windows', () => {
    const fineWindow = fc.record({ start: fc.integer({ min: 0, max: 1439 }), end: fc.integer({ min: 0, max: 1439 }) });
    const fineBooking = fc
      .record({ window: fineWindow, first: fc.integer({ min: 0, max: 3 }), span: fc.integer({ min: 0, max: 2 }) })
      .map(({ window, first, span }): Booking => ({ window, days: { first, last: first + span } }));
    fc.assert(
      fc.property(fc.array(fineBooking, { maxLength: 6 }), fineBooking, (existing, candidate) => {
        expect(peakOccupancy(existing, candidate)).toBe(bruteForcePeak(existing, candidate));
      }),
      { numRuns: 150 },
    );
  });

  it('never lets accepted bookings exceed the capacity at any minute', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 15 }), fc.integer({ min: 1, max: 3 }), (requests, capacity) => {
        const accepted: Booking[] = [];
        for (const request of requests) if (fits(accepted, request, capacity)) accepted.push(request);
        for (let day = 0; day <= 20; day += 1) {
          for (let minute = 0; minute < MINUTES_PER_DAY; minute += 60) {
            expect(accepted.filter((b) => coversInstant(b, day, minute)).length).toBeLessThanOrEqual(capacity);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('busiestMoment', () => {
  it('names the first day and the stretch of the peak', () => {
    const existing = [
      booking('06:00', '14:00', 3, 30),
      booking('10:00', '18:00', 5, 30),
      booking('12:00', '20:00', 0, 4),
    ];
    expect(busiestMoment(existing, booking('00:00', '00:00', 0, 30))).toEqual({
      count: 2,
      day: 3,
      from: t('12:00'),
      to: t('14:00'),
    });
    expect(busiestMoment([], booking('00:00', '00:00', 0, 30)).count).toBe(0);
  });

  it('points at a minute that exactly `count` bookings hold, every minute of the stretch', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 8 }), bookingArb, (existing, candidate) => {
        const moment = busiestMoment(existing, candidate);
        expect(moment.count).toBe(bruteForcePeak(existing, candidate));
        for (let absolute = moment.from; absolute < moment.to; absolute += 30) {
          const day = moment.day + Math.floor(absolute / MINUTES_PER_DAY);
          const minute = absolute % MINUTES_PER_DAY;
          expect(existing.filter((b) => coversInstant(b, day, minute)).length).toBe(moment.count);
        }
        if (moment.count > 0) expect(moment.to).toBeGreaterThan(moment.from);
      }),
      { numRuns: 300 },
    );
  });
});
