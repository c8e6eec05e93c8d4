/**
 * The booking engine: pure rules about daily time windows over date ranges,
 * with no HTTP or SQL. A booking occupies one place for its window on every day
 * of its range; a window whose end is at or before its start wraps past
 * midnight (22:00–06:00), so a booking's last night ends the next morning.
 */
import { MINUTES_PER_DAY } from './time';

/** A daily window in minutes from midnight; `end <= start` wraps past midnight (equal means 24 h). */
export interface DailyWindow {
  start: number;
  end: number;
}

/** Inclusive range of day numbers (days since 1970-01-01). */
interface DayRange {
  first: number;
  last: number;
}

export interface Booking {
  window: DailyWindow;
  days: DayRange;
}

/** How many minutes a window lasts each day (1 to 1440). */
export function windowLength(window: DailyWindow): number {
  return window.end > window.start ? window.end - window.start : MINUTES_PER_DAY - window.start + window.end;
}

function includesDay(range: DayRange, day: number): boolean {
  return day >= range.first && day <= range.last;
}

/** Whether the booking's place is taken at this minute of this day (wrapped nights included). */
export function coversInstant(booking: Booking, day: number, minute: number): boolean {
  const length = windowLength(booking.window);
  // The window that started today, or the one that started yesterday and wraps into today.
  for (const startDay of [day, day - 1]) {
    if (!includesDay(booking.days, startDay)) continue;
    const offset = (day - startDay) * MINUTES_PER_DAY + minute - booking.window.start;
    if (offset >= 0 && offset < length) return true;
  }
  return false;
}

/** The largest number of intervals [from, to) that overlap, and the first stretch [from, to) where they do. */
function maxOverlap(intervals: Array<[number, number]>): { count: number; from: number; to: number } {
  const events: Array<[number, number]> = [];
  for (const [from, to] of intervals) {
    if (to > from) events.push([from, 1], [to, -1]);
  }
  // Ends sort before starts at the same minute: [a, b) and [b, c) do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = { count: 0, from: 0, to: 0 };
  events.forEach(([at, change], index) => {
    current += change;
    // Every start has a later end, so after a rise there is always a next event.
    if (current > peak.count) peak = { count: current, from: at, to: events[index + 1]?.[0] ?? at };
  });
  return peak;
}

/** When the most bookings hold a place at once: how many, on which day, and the stretch of minutes. */
export interface BusiestMoment {
  count: number;
  /** The first day the count is reached. */
  day: number;
  /** Minutes from the start of `day` (past 1440 is the next morning); `to` is exclusive. */
  from: number;
  to: number;
}

/**
 * The most existing bookings that hold a place at the same minute, over every
 * minute the candidate would hold, and the first moment they do. Days are grouped
 * into stretches where the same bookings run on the day before, the day itself and
 * the day after, so the cost grows with the number of bookings, not with the length
 * of a plan.
 */
export function busiestMoment(existing: readonly Booking[], candidate: Booking): BusiestMoment {
  const { first, last } = candidate.days;
  const none = { count: 0, day: first, from: 0, to: 0 };
  if (last < first) return none;
  const relevant = existing.filter((booking) => booking.days.first <= last + 1 && booking.days.last >= first - 1);
  if (relevant.length === 0) return none;

  const breakpoints = new Set<number>([first]);
  for (const { days } of relevant) {
    for (const day of [days.first - 1, days.first, days.first + 1, days.last, days.last + 1, days.last + 2]) {
      if (day > first && day <= last) breakpoints.add(day);
    }
  }

  const candidateFrom = candidate.window.start;
  const candidateTo = candidateFrom + windowLength(candidate.window);
  let busiest: BusiestMoment = none;
  for (const day of [...breakpoints].sort((a, b) => a - b)) {
    // Every booking's windows that start on day-1, day or day+1, relative to the candidate's day.
    const intervals: Array<[number, number]> = [];
    for (const booking of relevant) {
      const length = windowLength(booking.window);
      for (const shift of [-1, 0, 1]) {
        if (!includesDay(booking.days, day + shift)) continue;
        const from = shift * MINUTES_PER_DAY + booking.window.start;
        const clippedFrom = Math.max(from, candidateFrom);
        const clippedTo = Math.min(from + length, candidateTo);
        if (clippedTo > clippedFrom) intervals.push([clippedFrom, clippedTo]);
      }
    }
    const overlap = maxOverlap(intervals);
    if (overlap.count > busiest.count) busiest = { ...overlap, day };
    if (busiest.count === relevant.length) break; // cannot get higher
  }
  return busiest;
}

/** The most existing bookings that hold a place at the same minute, over every minute the candidate would hold. */
export function peakOccupancy(existing: readonly Booking[], candidate: Booking): number {
  return busiestMoment(existing, candidate).count;
}

/** Whether one more booking fits beside the existing ones within `capacity` places. */
export function fits(existing: readonly Booking[], candidate: Booking, capacity: number): boolean {
  return peakOccupancy(existing, candidate) + 1 <= capacity;
}

/** Places left for the candidate's window and range: capacity minus the peak, never below 0. */
export function placesLeft(existing: readonly Booking[], candidate: Booking, capacity: number): number {
  return Math.max(0, capacity - peakOccupancy(existing, candidate));
}
