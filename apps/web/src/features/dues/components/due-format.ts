import { todayIn, wallClockIn, type DueRecord, duesMessages } from '@app/shared';

const m = duesMessages;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to` (both YYYY-MM-DD): calendar days, whatever the clock says. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * "reminded today", "reminded yesterday", "reminded 2 days ago": counted in days of the
 * library's calendar (its time zone), so a reminder at 11 pm is "yesterday" the next morning.
 */
export function remindedAgo(remindedAt: string, timeZone: string, now: Date = new Date()): string {
  return m.remindedAgo(daysBetween(wallClockIn(timeZone, remindedAt).date, todayIn(timeZone, now)));
}

/** Who sent the last reminder and how: "WhatsApp by Priya Sharma". */
export function reminderDetail(due: DueRecord): string | undefined {
  if (!due.last_reminder_channel) return undefined;
  return m.reminderBy(m.channels[due.last_reminder_channel], due.last_reminder_by);
}

/** "Asha Verma": the student's first and last name. */
export function studentName(due: Pick<DueRecord, 'first_name' | 'last_name'>): string {
  return [due.first_name, due.last_name].filter(Boolean).join(' ');
}
