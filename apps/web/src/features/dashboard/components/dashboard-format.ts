import { dayPeriod, intlLocale, type DashboardData } from '@app/shared';

type Bucket = DashboardData['bucket'];

const counts = new Intl.NumberFormat('en-IN');

/** A count with Indian digit grouping: 1,23,456. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** An instant as the spec's "MMM dd, yyyy" (Nov 21, 2026), on the library's calendar. */
export function formatShortDate(timestamp: string, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale('en-US'), {
    timeZone,
    month: 'short',
    day: '2-digit',
    year: 'numeric',
  }).format(new Date(timestamp));
}

// Buckets arrive as the library's local calendar ("2026-11-21T15:00", "2026-11-21", "2026-11"):
// read as UTC and formatted in UTC, they print exactly as the library lives them.
function bucketDate(label: string): Date {
  const [date = '', time = '00:00'] = label.split('T');
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const hour = Number(time.split(':')[0] ?? 0);
  return new Date(Date.UTC(year, month - 1, day, hour));
}

const TICK: Record<Bucket, Intl.DateTimeFormatOptions> = {
  hour: { hour: 'numeric' },
  day: { month: 'short', day: 'numeric' },
  month: { month: 'short' },
};
const FULL: Record<Bucket, Intl.DateTimeFormatOptions> = {
  hour: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  month: { month: 'long', year: 'numeric' },
};

/**
 * A chart bucket's label: short under the axis (3 PM, Nov 21, Nov '26), full in the tooltip. The
 * half of the day is the app's own (AM/PM as en-US writes it; पूर्वाह्न/अपराह्न in Hindi, whose
 * Intl format writes am/pm in Latin letters).
 */
export function formatBucket(label: string, bucket: Bucket, full = false): string {
  const date = bucketDate(label);
  const text = new Intl.DateTimeFormat(intlLocale('en-US'), {
    timeZone: 'UTC',
    ...(full ? FULL : TICK)[bucket],
  })
    .formatToParts(date)
    .map((part) => (part.type === 'dayPeriod' ? dayPeriod(date.getUTCHours()) : part.value))
    .join('');
  return bucket === 'month' && !full ? `${text} '${String(date.getUTCFullYear()).slice(2)}` : text;
}
