import { DEFAULT_TIME_ZONE } from './constants';

/**
 * The date (`YYYY-MM-DD`) and minute of the day a wall clock in `timeZone` shows at `at`
 * (now by default): the one place a time zone turns an instant into the library's day.
 */
export function wallClockIn(
  timeZone: string = DEFAULT_TIME_ZONE,
  at: Date | string = new Date(),
): { date: string; minute: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minute: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

/** Today as `YYYY-MM-DD` in a time zone (the library's; India by default). */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  return wallClockIn(timeZone, at).date;
}
