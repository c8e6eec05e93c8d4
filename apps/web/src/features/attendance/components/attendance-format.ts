import { formatMonth, formatTime12h, formatWindow, wallClockIn } from '@app/shared';

/** An instant as the library's clock shows it: `6:05 AM`. */
export function clockTime(instant: string, timeZone: string): string {
  const { minute } = wallClockIn(timeZone, instant);
  return formatTime12h(`${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`);
}

/** A plan's window, or a dash when the plan is gone. */
export function windowOf(row: { start_time: string | null; end_time: string | null }): string {
  return row.start_time && row.end_time ? formatWindow(row.start_time, row.end_time) : '—';
}

export const fullName = (row: { first_name: string; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ');

/** `YYYY-MM` moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** This month and the eleven before it, newest first, for a month chooser. */
export function recentMonths(thisMonth: string): { value: string; label: string }[] {
  return Array.from({ length: 12 }, (_, back) => {
    const month = shiftMonth(thisMonth, -back);
    return { value: month, label: formatMonth(month, 'long') };
  });
}
