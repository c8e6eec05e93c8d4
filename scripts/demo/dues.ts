// Money owed in the demo (issue 13): the library's price list and UPI ID, and a few students
// whose plans a newcomer finds on the Dues screen at once: two ending this week, one that
// ended three days ago (in the grace period), one who paid half, and one who paid the rest
// two days after a WhatsApp reminder (so "did reminders work" has something to say).
import type pg from 'pg';
import { messages, windowMinutes, type DuesSummary, type LibrarySettingsInput, type PriceListEntry } from '@app/shared';
import { addMonths, dateOfDayNumber, dayNumber, planExpiry } from '../../apps/api/src/lib/booking/time';
import { DemoApiError, type DemoClient } from './client';
import type { Random } from './random';
import { backdateNewestFee, backdateStudent, backdateSubscription } from './seed';
import { MONTHS_PRICED_AS, WINDOWS, price, type DailyWindow, type Today } from './stories';

export const DEMO_UPI_ID = 'gyandeep@okaxis';
const DEMO_PAYEE = 'Gyan Deep Study Library';

/** The prices the demo's fees follow, one tier a window length: 6, 7, 8 and 12 hours a day. */
export function demoPriceList(): PriceListEntry[] {
  const entries = new Map<string, PriceListEntry>();
  for (const window of Object.values(WINDOWS)) {
    const hours = Math.ceil(windowMinutes(window.start, window.end) / 60);
    for (const isReserved of [false, true]) {
      for (const months of Object.keys(MONTHS_PRICED_AS).map(Number)) {
        entries.set(`${months}|${isReserved}|${hours}`, {
          duration: months,
          is_reserved: isReserved,
          window_hours: hours,
          price: price(window, isReserved, months),
        });
      }
    }
  }
  return [...entries.values()];
}

/** The settings a new owner would save first: UPI ID and payee, the price list, the default dues windows. */
export async function seedSettings(api: DemoClient) {
  const settings: LibrarySettingsInput = {
    upi_id: DEMO_UPI_ID,
    upi_payee_name: DEMO_PAYEE,
    dues_expiring_days: 5,
    dues_grace_days: 7,
    reminder_template: messages.settings.defaultReminderTemplate,
    auto_push_reminders: false,
    price_list: demoPriceList(),
  };
  await api.put('/api/settings', settings);
  return settings.price_list.length;
}

const addDays = (date: string, days: number) => dateOfDayNumber(dayNumber(date)! + days);

/** A joining date whose plan of `months` ends on `expiry` (months differ in length, so it is searched for). */
function joiningFor(expiry: string, months: number): string {
  const guess = addMonths(addDays(expiry, 1), -months);
  for (const shift of [0, -1, 1, -2, 2, -3, 3]) {
    const joining = addDays(guess, shift);
    if (planExpiry(joining, months) === expiry) return joining;
  }
  return guess;
}

interface DuesStory {
  /** Days from today to the plan's last day. */
  expiresIn: number;
  months: number;
  window: DailyWindow;
  /** What was paid when booking; the whole price unless told. */
  paidShare?: number;
  mode: 'Cash' | 'UPI';
}

const STORIES: DuesStory[] = [
  { expiresIn: 2, months: 1, window: WINDOWS.morning, mode: 'UPI' },
  { expiresIn: 4, months: 3, window: WINDOWS.evening, mode: 'Cash' },
  { expiresIn: -3, months: 1, window: WINDOWS.afternoon, mode: 'UPI' },
  { expiresIn: 22, months: 1, window: WINDOWS.fullDay, paidShare: 0.5, mode: 'Cash' },
  { expiresIn: 18, months: 1, window: WINDOWS.evening, paidShare: 0.5, mode: 'Cash' },
];
// Every daily window, for a booking the first one has no room for.
const FALLBACK_WINDOWS = Object.values(WINDOWS);

/** Books a story's plan at a window with room; answers its id, or undefined when every window is full. */
async function book(api: DemoClient, studentId: string, story: DuesStory, joiningDate: string) {
  for (const window of [story.window, ...FALLBACK_WINDOWS.filter((other) => other !== story.window)]) {
    const agreed = price(window, false, story.months);
    const paid = Math.round(agreed * (story.paidShare ?? 1));
    try {
      const booked = await api.post<{ id: string }>('/api/subscription', {
        student_id: studentId,
        joining_date: joiningDate,
        start_time: window.start,
        end_time: window.end,
        duration: story.months,
        is_reserved: false,
        fee: paid,
        price: agreed,
        mode: story.mode,
      });
      return { id: booked.id, balance: agreed - paid };
    } catch (error) {
      if (!(error instanceof DemoApiError && error.statusCode === 409)) throw error;
    }
  }
  return undefined;
}

/** Moves the last reminder of a subscription back by `days`. */
async function backdateReminder(pool: pg.Pool, subscriptionId: string, days: number) {
  await pool.query(
    `update due_reminders set sent_at = sent_at - make_interval(days => $2::int)
     where id = (select id from due_reminders where subscription_id = $1 order by sent_at desc limit 1)`,
    [subscriptionId, days],
  );
}

/**
 * The dues stories, on students who never subscribed (the demo's enquiries): booked
 * through the API with a price above the first payment where half was paid, their fees
 * dated to the day they joined; a WhatsApp reminder 5 days ago for each half payment, and
 * the last one's rest paid by UPI two days later.
 */
export async function seedDues(
  api: DemoClient,
  pool: pg.Pool,
  random: Random,
  studentIds: string[],
  today: Today,
): Promise<DuesSummary> {
  const halfPaid: { id: string; balance: number }[] = [];
  for (const [index, story] of STORIES.entries()) {
    const studentId = studentIds[index];
    if (!studentId) break;
    const expiry = addDays(today.date, story.expiresIn);
    const joiningDate = joiningFor(expiry, story.months);
    const booked = await book(api, studentId, story, joiningDate);
    if (!booked) continue;
    const paidOn = joiningDate <= today.date ? joiningDate : today.date;
    await backdateNewestFee(pool, booked.id, { date: paidOn, minute: random.int(9 * 60, 19 * 60) });
    await backdateSubscription(pool, booked.id);
    await backdateStudent(pool, studentId, 0);
    if (booked.balance > 0) halfPaid.push(booked);
  }
  for (const due of halfPaid) {
    await api.post(`/api/dues/${due.id}/reminders`, { group: 'unpaid', channel: 'whatsapp' });
    await backdateReminder(pool, due.id, 5);
  }
  const settled = halfPaid[halfPaid.length - 1];
  if (settled) {
    const utr = String(random.int(100_000, 999_999)) + String(random.int(100_000, 999_999));
    await api.post(`/api/subscription/${settled.id}/payments`, {
      amount: settled.balance,
      mode: 'UPI',
      reference: utr,
    });
    await backdateNewestFee(
      pool,
      settled.id,
      { date: addDays(today.date, -3), minute: random.int(9 * 60, 19 * 60) },
      false,
    );
    await backdateSubscription(pool, settled.id);
  }
  return api.get<DuesSummary>('/api/dues/summary');
}
