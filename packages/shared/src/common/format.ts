import { DEFAULT_TIME_ZONE } from './constants';
import { wallClockIn } from './time-zone';
import { currentLanguage, type Language } from '../i18n/i18n';
import { formatMessages } from './format.messages';

/** The 12-hour clock's half of the day an hour (0–23) is in: AM or PM, पूर्वाह्न or अपराह्न in Hindi. */
export function dayPeriod(hour: number): string {
  return hour < 12 ? formatMessages.am : formatMessages.pm;
}

/** `HH:mm[:ss]` → `h:mm A` (06:00:00 → 6:00 AM, 6:00 पूर्वाह्न in Hindi), the spec's time format. */
export function formatTime12h(time: string): string {
  const [hourText = '0', minuteText = '00'] = time.split(':');
  const hour = Number(hourText);
  const suffix = dayPeriod(hour);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minuteText.padStart(2, '0')} ${suffix}`;
}

/** A daily window as owners say it: `6:00 AM–2:00 PM`. */
export function formatWindow(start: string, end: string): string {
  return `${formatTime12h(start)}–${formatTime12h(end)}`;
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
export function formatDateDMY(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** A timestamp as `DD/MM/YYYY h:mm A` in a time zone (default the library's, Asia/Kolkata). */
export function formatDateTimeDMY(timestamp: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  const { date, minute } = wallClockIn(timeZone, timestamp);
  return `${formatDateDMY(date)} ${formatTime12h(`${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`)}`;
}

/**
 * A value made on its first use and kept. The Intl formatters below are made so: made when this
 * module loaded, all seven (Hindi's on English pages too) were 16–19 % of the web app's first
 * script task on a phone profile (issue 18, docs/performance.md).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const rupees = onFirstUse(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 }),
);

/** Rupees with Indian digit grouping: ₹1,23,456.50. */
export function formatRupees(amount: number): string {
  return rupees().format(amount);
}

/** The Intl locale of each language: Indian English, and Hindi (India) with Latin digits, as receipts and UPI write them. */
const INTL_LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN-u-nu-latn' };

/**
 * The Intl locale to format with in the current language: `english` (the locale SPEC's format
 * was written in, `en-US` for `Nov 21, 2026`) in English, Hindi (India) with Latin digits in Hindi.
 */
export function intlLocale(english = 'en-IN'): string {
  return currentLanguage() === 'en' ? english : INTL_LOCALES[currentLanguage()];
}

const compactRupees = Object.fromEntries(
  Object.entries(INTL_LOCALES).map(([language, locale]) => [
    language,
    onFirstUse(
      () =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'INR',
          notation: 'compact',
          // Both bounds: Node's ICU otherwise keeps the currency's decimals (₹0.0, ₹12.0K).
          minimumFractionDigits: 0,
          maximumFractionDigits: 1,
        }),
    ),
  ]),
) as Record<Language, () => Intl.NumberFormat>;

/** Rupees for a chart axis: ₹12K, ₹1.2L (₹12 हज़ार, ₹1.2 लाख in Hindi). */
export function formatRupeesCompact(amount: number): string {
  return compactRupees[currentLanguage()]().format(amount);
}

// SPEC's months are English's `Nov 2026`; Hindi's are `नव॰ 2026`.
const MONTH_LOCALES: Readonly<Record<Language, string>> = { en: 'en-US', hi: 'hi-IN-u-nu-latn' };
const MONTH_STYLES = Object.fromEntries(
  Object.entries(MONTH_LOCALES).map(([language, locale]) => [
    language,
    {
      short: onFirstUse(() => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', year: 'numeric' })),
      long: onFirstUse(() => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' })),
    },
  ]),
) as Record<Language, { short: () => Intl.DateTimeFormat; long: () => Intl.DateTimeFormat }>;

/** A calendar month `YYYY-MM` as owners read it: `Nov 2026`, or `November 2026` in the long style. */
export function formatMonth(month: string, style: 'short' | 'long' = 'short'): string {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  return MONTH_STYLES[currentLanguage()][style]().format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}
