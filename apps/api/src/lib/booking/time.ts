/** Minutes in a day; daily windows are measured in minutes from midnight. */
export const MINUTES_PER_DAY = 1440;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes from midnight of `HH:mm` or `HH:mm:ss` (seconds are dropped); undefined when malformed. */
export function parseTimeOfDay(text: string): number | undefined {
  const match = TIME_PATTERN.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** `HH:mm:ss`, the form the API answers times of day in. */
export function formatTimeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(rest).padStart(2, '0')}:00`;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date; undefined when it is no real date. */
export function dayNumber(date: string): number | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return Math.round(time / 86_400_000);
}

/** The `YYYY-MM-DD` of a day number. */
export function dateOfDayNumber(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The same day `months` later, clamped to the month's end (31 Jan + 1 month is
 * 28 or 29 Feb), as owners count "one month" on a calendar.
 */
export function addMonths(date: string, months: number): string {
  const day = dayNumber(date);
  if (day === undefined) throw new RangeError(`not a date: ${date}`);
  const start = new Date(day * 86_400_000);
  const targetMonth = start.getUTCMonth() + months;
  const lastDayOfTarget = new Date(Date.UTC(start.getUTCFullYear(), targetMonth + 1, 0)).getUTCDate();
  const result = new Date(Date.UTC(start.getUTCFullYear(), targetMonth, Math.min(start.getUTCDate(), lastDayOfTarget)));
  return result.toISOString().slice(0, 10);
}

/** The last day of a plan: joining date + duration months − 1 day (DESIGN.md §6). */
export function planExpiry(joiningDate: string, months: number): string {
  const end = dayNumber(addMonths(joiningDate, months));
  if (end === undefined) throw new RangeError(`not a date: ${joiningDate}`);
  return dateOfDayNumber(end - 1);
}
