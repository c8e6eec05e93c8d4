import { formatTime12h } from '@app/shared';

/** The Timing column: "6:00 AM - 2:00 PM" (SPEC.md §2, h:mm A). */
export function timing(row: { start_time: string; end_time: string }): string {
  return `${formatTime12h(row.start_time)} - ${formatTime12h(row.end_time)}`;
}

/** A student's full name, as the list and the dialogs show it. */
export const studentName = (student: { first_name: string; last_name: string | null }) =>
  [student.first_name, student.last_name].filter(Boolean).join(' ');
