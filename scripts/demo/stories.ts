// What each demo student did over the past year, planned before any call is made:
// earlier plans that ran out, the plan they hold today, renewals paid ahead of
// time, comebacks and first visits today. Everything is dated on the library's
// calendar; the demo then books it through the API and back-dates the fees.
import type { PaymentMode } from '@app/shared';
import { addMonths, dateOfDayNumber, dayNumber, planExpiry } from '../../apps/api/src/lib/booking/time';
import type { Random } from './random';

export interface DailyWindow {
  start: string;
  end: string;
  /** Monthly fee of a place in this window, in rupees. */
  monthlyFee: number;
}

export const WINDOWS = {
  fullDay: { start: '08:00', end: '20:00', monthlyFee: 1200 },
  morning: { start: '06:00', end: '13:00', monthlyFee: 750 },
  afternoon: { start: '13:00', end: '20:00', monthlyFee: 750 },
  evening: { start: '17:00', end: '23:00', monthlyFee: 650 },
  night: { start: '22:00', end: '06:00', monthlyFee: 900 },
} satisfies Record<string, DailyWindow>;

const RESERVED_EXTRA_PER_MONTH = 300;
// Longer plans cost less a month, as libraries price them.
export const MONTHS_PRICED_AS: Record<number, number> = { 1: 1, 3: 2.85, 6: 5.5, 12: 10.5 };

/** When a fee was paid: a library day and the minute of that day. */
export interface PaidAt {
  date: string;
  minute: number;
}

interface PlannedRenewal {
  duration: number;
  fee: number;
  mode: PaymentMode;
  paidAt: PaidAt;
}

export interface PlannedSubscription {
  joiningDate: string;
  duration: number;
  window: DailyWindow;
  reserved: boolean;
  fee: number;
  mode: PaymentMode;
  paidAt: PaidAt;
  renewals: PlannedRenewal[];
}

type StoryKind = 'regular' | 'lapsed' | 'comeback' | 'first-day' | 'enquiry';

export interface Story {
  kind: StoryKind;
  /** Oldest first; only the last one may still run today. */
  subscriptions: PlannedSubscription[];
}

export interface Today {
  date: string;
  /** Minutes since the library's midnight. */
  minute: number;
}

const addDays = (date: string, days: number) => dateOfDayNumber(dayNumber(date)! + days);
const daysBetween = (from: string, to: string) => dayNumber(to)! - dayNumber(from)!;

/** What the library charges for a plan: longer plans cost less a month. */
export function price(window: DailyWindow, reserved: boolean, months: number): number {
  const monthly = window.monthlyFee + (reserved ? RESERVED_EXTRA_PER_MONTH : 0);
  return Math.round((monthly * (MONTHS_PRICED_AS[months] ?? months)) / 50) * 50;
}

type DurationWeights = readonly (readonly [number, number])[];
const USUAL_DURATIONS: DurationWeights = [
  [1, 45],
  [3, 30],
  [6, 15],
  [12, 10],
];
// Someone still here today more likely took a longer plan.
const CURRENT_DURATIONS: DurationWeights = [
  [1, 25],
  [3, 35],
  [6, 25],
  [12, 15],
];

function paymentMode(random: Random): PaymentMode {
  return random.weighted<PaymentMode>([
    ['UPI', 45],
    ['Cash', 30],
    ['Card', 10],
    ['Bank Transfer', 10],
    ['Cheque', 5],
  ]);
}

function plan(random: Random, durations: DurationWeights = USUAL_DURATIONS) {
  const duration = random.weighted(durations);
  const window = random.weighted([
    [WINDOWS.fullDay, 30],
    [WINDOWS.morning, 25],
    [WINDOWS.afternoon, 20],
    [WINDOWS.evening, 15],
    [WINDOWS.night, 10],
  ] as const);
  const reserved = random.chance(0.3);
  return { duration, window, reserved, mode: paymentMode(random), fee: price(window, reserved, duration) };
}

/** Opening hours for the desk: fees are paid between 8:00 and 20:59, never after "now". */
function paidOn(random: Random, date: string, today: Today): PaidAt {
  const minute = random.int(8 * 60, 20 * 60 + 59);
  if (date !== today.date) return { date, minute };
  return { date, minute: Math.min(minute, Math.max(0, today.minute - random.int(1, 90))) };
}

/** Plans that ran out before `before`, walking back from it, none older than a year. */
function earlierPlans(random: Random, before: string, today: Today, count: number): PlannedSubscription[] {
  const plans: PlannedSubscription[] = [];
  let next = before;
  for (let i = 0; i < count; i += 1) {
    const chosen = plan(random);
    const gap = random.int(2, 25);
    // Start far enough back that the plan's last day falls before the gap.
    const joiningDate = addMonths(addDays(next, -gap), -chosen.duration);
    if (daysBetween(joiningDate, today.date) > 360) break;
    plans.unshift({ ...chosen, joiningDate, paidAt: paidOn(random, joiningDate, today), renewals: [] });
    next = joiningDate;
  }
  return plans;
}

/** A plan that runs today, joined between its length ago and today, sometimes renewed ahead. */
function currentPlan(random: Random, today: Today): PlannedSubscription {
  const chosen = plan(random, CURRENT_DURATIONS);
  const span = daysBetween(addMonths(today.date, -chosen.duration), today.date);
  const joiningDate = addDays(today.date, -random.int(0, Math.max(0, span - 1)));
  const expiry = planExpiry(joiningDate, chosen.duration);
  const subscription: PlannedSubscription = {
    ...chosen,
    joiningDate,
    paidAt: paidOn(random, joiningDate, today),
    renewals: [],
  };
  // A plan ending within three weeks is often paid for ahead, on a day since it began.
  const daysLeft = daysBetween(today.date, expiry);
  if (daysLeft <= 21 && random.chance(0.6)) {
    const earliest = Math.max(dayNumber(joiningDate)! + 1, dayNumber(expiry)! - 21);
    const latest = dayNumber(today.date)!;
    if (earliest <= latest) {
      const duration = random.pick([1, 1, 3]);
      subscription.renewals.push({
        duration,
        fee: price(subscription.window, subscription.reserved, duration),
        mode: paymentMode(random),
        paidAt: paidOn(random, dateOfDayNumber(random.int(earliest, latest)), today),
      });
    }
  }
  return subscription;
}

/**
 * The year of one student. Regulars hold a plan today (after earlier ones);
 * lapsed students' plans all ran out; comebacks renew a lapsed plan today;
 * first-day students join today; enquiries never subscribed.
 */
export function planStory(random: Random, today: Today): Story {
  const kind = random.weighted<StoryKind>([
    ['regular', 64],
    ['lapsed', 22],
    ['comeback', 3],
    ['first-day', 3],
    ['enquiry', 8],
  ]);
  if (kind === 'enquiry') return { kind, subscriptions: [] };
  if (kind === 'first-day') {
    const chosen = plan(random);
    return {
      kind,
      subscriptions: [{ ...chosen, joiningDate: today.date, paidAt: paidOn(random, today.date, today), renewals: [] }],
    };
  }
  if (kind === 'regular') {
    const current = currentPlan(random, today);
    const earlier = earlierPlans(
      random,
      current.joiningDate,
      today,
      random.weighted([
        [0, 20],
        [1, 25],
        [2, 30],
        [3, 25],
      ] as const),
    );
    return { kind, subscriptions: [...earlier, current] };
  }
  const lapsed = earlierPlans(random, addDays(today.date, -random.int(1, 150)), today, random.int(1, 3));
  if (lapsed.length === 0) return { kind: 'enquiry', subscriptions: [] };
  if (kind === 'comeback') {
    const last = lapsed[lapsed.length - 1]!;
    const duration = random.pick([1, 3]);
    last.renewals.push({
      duration,
      fee: price(last.window, last.reserved, duration),
      mode: paymentMode(random),
      paidAt: paidOn(random, today.date, today),
    });
  }
  return { kind, subscriptions: lapsed };
}
