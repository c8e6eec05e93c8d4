import { z } from 'zod';
import { isCalendarDate, MOBILE_PATTERN } from '../common/fields';
import { studentMessages } from '../students/students.messages';
import { subscriptionMessages as m } from './subscriptions.messages';
import {
  durationSchema,
  feeSchema,
  paymentModeSchema,
  TIME_OF_DAY_PATTERN,
  type SubscriptionCreateInput,
  type SubscriptionUpdateInput,
} from './subscriptions.schema';

/**
 * The subscription dialogs' forms (SPEC.md §5). Every field is held as the text the
 * control shows; each schema checks it with the spec's messages and maps it to the
 * API body, so the dialogs submit exactly what `POST`/`PUT /subscription` validate.
 */

export const SEAT_CHOICES = ['reserved', 'non_reserved'] as const;
export type SeatChoice = (typeof SEAT_CHOICES)[number];

// No `abort` on the required checks: an aborted field would stop the cross-field rules below.
const requiredTime = (required: string) =>
  z
    .string()
    .trim()
    .min(1, { error: required })
    .refine((value) => value === '' || TIME_OF_DAY_PATTERN.test(value), { error: m.invalidTime });

const seatChoice = {
  seat_status: z.enum(SEAT_CHOICES, { error: m.statusRequired }),
  seat_id: z.string(),
};

// The cross-field rules run even when other fields are wrong, so a form sent
// incomplete shows every message at once.
const always = { when: () => true };

function requireSeatWhenReserved(value: { seat_status: SeatChoice; seat_id: string }, context: z.RefinementCtx) {
  if (value.seat_status === 'reserved' && !value.seat_id) {
    context.addIssue({ code: 'custom', path: ['seat_id'], message: m.reservedSeatRequired });
  }
}

function seatBody(value: { seat_status: SeatChoice; seat_id: string }) {
  return value.seat_status === 'reserved'
    ? { is_reserved: true, seat_id: value.seat_id }
    : { is_reserved: false as boolean };
}

/** Add Subscription: the student is found by mobile; `student_id` is what the lookup found. */
export const subscriptionAddFormSchema = z
  .object({
    mobile: z.string().trim().min(1, { error: m.mobileRequired }),
    student_id: z.string(),
    joining_date: z
      .string()
      .trim()
      .min(1, { error: m.joiningDateRequired })
      .refine((value) => value === '' || isCalendarDate(value), { error: m.invalidDate }),
    start_time: requiredTime(m.startTimeRequired),
    end_time: requiredTime(m.endTimeRequired),
    ...seatChoice,
    fee: feeSchema,
    duration: durationSchema,
    mode: paymentModeSchema,
  })
  .superRefine((value, context) => {
    // A mobile that is malformed, unknown, or still being looked up has no student behind it.
    if (typeof value.mobile === 'string' && value.mobile.trim() && !value.student_id) {
      const message = MOBILE_PATTERN.test(value.mobile.trim())
        ? studentMessages.mobileNotFound
        : studentMessages.mobileInvalid;
      context.addIssue({ code: 'custom', path: ['mobile'], message });
    }
    requireSeatWhenReserved(value, context);
  }, always)
  .transform((value): SubscriptionCreateInput => ({
    student_id: value.student_id,
    joining_date: value.joining_date,
    start_time: value.start_time.slice(0, 5),
    end_time: value.end_time.slice(0, 5),
    duration: value.duration,
    fee: value.fee,
    mode: value.mode,
    ...seatBody(value),
  }));
export type SubscriptionAddFormInput = z.input<typeof subscriptionAddFormSchema>;

/** Update Subscription: only the window and the seat change (mobile and joining date are read-only). */
export const subscriptionUpdateFormSchema = z
  .object({
    start_time: requiredTime(m.startTimeRequired),
    end_time: requiredTime(m.endTimeRequired),
    ...seatChoice,
  })
  .superRefine(requireSeatWhenReserved, always)
  .transform((value): SubscriptionUpdateInput => ({
    // SPEC.md §7 sends the update's times as HH:mm:ss.
    start_time: `${value.start_time.slice(0, 5)}:00`,
    end_time: `${value.end_time.slice(0, 5)}:00`,
    ...seatBody(value),
  }));
export type SubscriptionUpdateFormInput = z.input<typeof subscriptionUpdateFormSchema>;
