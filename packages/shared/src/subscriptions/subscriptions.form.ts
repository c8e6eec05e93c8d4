import { z } from 'zod';
import { isCalendarDate, MOBILE_PATTERN, type LazyText } from '../common/fields';
import { studentMessages } from '../students/students.messages';
import { paymentMessages } from '../payments/payments.messages';
import {
  checkReference,
  checkReferenceHasFee,
  MODES_NEEDING_REFERENCE,
  paymentReferenceSchema,
} from '../payments/reference';
import { subscriptionMessages as m } from './subscriptions.messages';
import {
  durationSchema,
  feeSchema,
  paymentModeSchema,
  priceSchema,
  TIME_OF_DAY_PATTERN,
  type PaymentMode,
  type SubscriptionCreateInput,
  type SubscriptionRenewInput,
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
const requiredTime = (required: LazyText) =>
  z
    .string()
    .trim()
    .min(1, { error: required })
    .refine((value) => value === '' || TIME_OF_DAY_PATTERN.test(value), { error: () => m.invalidTime });

const seatChoice = {
  seat_status: z.enum(SEAT_CHOICES, { error: () => m.statusRequired }),
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

/** Whether a payment in `mode` carries a reference (the UPI UTR, the bank's reference). */
export function modeTakesReference(mode: unknown): boolean {
  return (MODES_NEEDING_REFERENCE as readonly unknown[]).includes(mode);
}

/**
 * The agreed price and the payment's reference, as the Add and Renew dialogs hold them
 * (issue 13). A blank price is none: the fee is then the whole price, as before.
 */
const priceAndReference = {
  price: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value))
    .pipe(priceSchema),
  reference: paymentReferenceSchema,
};

/**
 * The fee paid now is at most the price; a reference (asked only for UPI and bank
 * transfers, optional there) must be one of that mode, and goes with a fee above ₹0.
 */
function checkPriceAndReference(
  value: { fee: unknown; price?: unknown; mode: unknown; reference?: unknown },
  context: z.RefinementCtx,
) {
  if (typeof value.fee === 'number' && typeof value.price === 'number' && value.fee > value.price) {
    context.addIssue({ code: 'custom', path: ['fee'], message: paymentMessages.feeAbovePrice(value.price) });
  }
  if (modeTakesReference(value.mode) && typeof value.reference === 'string') {
    checkReference({ mode: value.mode as string, reference: value.reference }, context, { required: false });
    checkReferenceHasFee(value, context);
  }
}

/** `price` when one was given, `reference` when the mode takes one and it was given. */
function priceAndReferenceBody(value: { price?: number; mode: PaymentMode; reference?: string }) {
  return {
    ...(value.price === undefined ? {} : { price: value.price }),
    ...(value.reference && modeTakesReference(value.mode) ? { reference: value.reference } : {}),
  };
}

/** Add Subscription: the student is found by mobile; `student_id` is what the lookup found. */
export const subscriptionAddFormSchema = z
  .object({
    mobile: z
      .string()
      .trim()
      .min(1, { error: () => m.mobileRequired }),
    student_id: z.string(),
    joining_date: z
      .string()
      .trim()
      .min(1, { error: () => m.joiningDateRequired })
      .refine((value) => value === '' || isCalendarDate(value), { error: () => m.invalidDate }),
    start_time: requiredTime(() => m.startTimeRequired),
    end_time: requiredTime(() => m.endTimeRequired),
    ...seatChoice,
    fee: feeSchema,
    duration: durationSchema,
    mode: paymentModeSchema,
    ...priceAndReference,
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
    checkPriceAndReference(value, context);
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
    ...priceAndReferenceBody(value),
  }));
export type SubscriptionAddFormInput = z.input<typeof subscriptionAddFormSchema>;

/** Renew Subscription: the SPEC's fee, duration and payment method, and the price and reference. */
export const subscriptionRenewFormSchema = z
  .object({
    fee: feeSchema,
    duration: durationSchema,
    mode: paymentModeSchema,
    ...priceAndReference,
  })
  .superRefine(checkPriceAndReference, always)
  .transform((value): SubscriptionRenewInput => ({
    duration: value.duration,
    fee: value.fee,
    mode: value.mode,
    ...priceAndReferenceBody(value),
  }));
export type SubscriptionRenewFormInput = z.input<typeof subscriptionRenewFormSchema>;

/** Update Subscription: only the window and the seat change (mobile and joining date are read-only). */
export const subscriptionUpdateFormSchema = z
  .object({
    start_time: requiredTime(() => m.startTimeRequired),
    end_time: requiredTime(() => m.endTimeRequired),
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
