import dayjs from 'dayjs';
import { MAX_DURATION_MONTHS } from '@app/shared';
import type { AvailabilityArgs } from '../api/subscriptions-api';

/** The duration to send with an availability check: only a whole number of months the API takes. */
export function durationArg(duration: string | number): Pick<AvailabilityArgs, 'duration'> {
  const months = typeof duration === 'number' ? duration : duration.trim() === '' ? NaN : Number(duration);
  return Number.isInteger(months) && months >= 1 && months <= MAX_DURATION_MONTHS ? { duration: months } : {};
}

/**
 * The availability query for an existing subscription. The API checks a joining date
 * plus whole months, while a renewed plan runs to a date that is no longer "joining date
 * plus its duration": so ask from the later of its joining date and today, for the
 * fewest months that reach its expiry. That may look a little past the expiry, never short of it.
 */
export function remainingPlanArgs(
  subscription: { joining_date: string; plan_expires_at: string },
  today: string,
): Pick<AvailabilityArgs, 'joining_date' | 'duration'> {
  const from = subscription.joining_date > today ? subscription.joining_date : today;
  let months = 1;
  while (months < MAX_DURATION_MONTHS && planEnd(from, months) < subscription.plan_expires_at) months += 1;
  return { joining_date: from, duration: months };
}

/** The last day of a plan of `months` from `from`: the same date `months` later, less a day (month ends clamped). */
export function planEnd(from: string, months: number): string {
  return dayjs(from).add(months, 'month').subtract(1, 'day').format('YYYY-MM-DD');
}
