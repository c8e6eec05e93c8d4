import { formatTime12h } from '@app/shared';

/** The Timing column: "6:00 AM - 2:00 PM" (SPEC.md §2, h:mm A). */
export function timing(row: { start_time: string; end_time: string }): string {
  return `${formatTime12h(row.start_time)} - ${formatTime12h(row.end_time)}`;
}
