import { z } from 'zod';
import { paginationSchema } from '../common/envelope';
import { listQuerySchema } from '../common/list-query';
import { isCalendarDate, textOf, type LazyText } from '../common/fields';
import { rupeesSchema } from '../common/money';
import { subscriptionMessages as m } from './subscriptions.messages';
import { paymentMessages } from '../payments/payments.messages';
import { checkReference, checkReferenceHasFee, paymentReferenceSchema } from '../payments/reference';

/** Payment modes a fee can be paid in (SPEC.md §3). */
export const PAYMENT_MODES = ['Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_DURATION_MONTHS = 36;
export const MAX_FEE_RUPEES = 1_000_000;

const timeOfDay = (required: LazyText) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(TIME_OF_DAY_PATTERN, { error: () => m.invalidTime });

const calendarDate = (required: LazyText) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isCalendarDate, { error: () => m.invalidDate });

const requiredNumber = (required: LazyText) =>
  z.union([z.number(), z.string().trim()], { error: required }).transform((value, context) => {
    if (value === '') {
      context.addIssue({ code: 'custom', message: textOf(required) });
      return z.NEVER;
    }
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number)) {
      context.addIssue({ code: 'custom', message: textOf(required) });
      return z.NEVER;
    }
    return number;
  });

/** Whole months, 1 to 36. */
export const durationSchema = requiredNumber(() => m.durationRequired).pipe(
  z
    .number()
    .int({ error: () => m.invalidDuration })
    .min(1, { error: () => m.invalidDuration })
    .max(MAX_DURATION_MONTHS, { error: () => m.invalidDuration }),
);

/** A fee: plain decimal rupees with at most two decimals, up to ₹10,00,000 (the shared money schema). */
export const feeSchema = rupeesSchema({ required: () => m.feeRequired, invalid: () => m.invalidFee }, MAX_FEE_RUPEES);

export const paymentModeSchema = z.enum(PAYMENT_MODES, { error: () => m.modeRequired });

/**
 * The agreed price of a period (issue 13), beside the SPEC's `fee`, which is the first
 * payment towards it. Optional: without it the price is the fee (paid in full, as before).
 */
export const priceSchema = rupeesSchema(
  { required: () => paymentMessages.priceRequired, invalid: () => paymentMessages.priceInvalid },
  MAX_FEE_RUPEES,
).optional();

const uuid = (message: LazyText) => z.uuid({ error: message });

/** Seat choice shared by add and update: a reserved subscription names its seat. */
function requireSeatWhenReserved(
  value: { is_reserved: boolean; seat_id?: string | null | undefined },
  context: z.RefinementCtx,
) {
  if (value.is_reserved && !value.seat_id) {
    context.addIssue({ code: 'custom', path: ['seat_id'], message: m.reservedSeatRequired });
  }
}

/** The payment of a create or renew: a reference of its mode (optional), and only with a fee above ₹0. */
function checkSubscriptionPayment(
  value: { fee: number; mode: string; reference?: string | undefined },
  context: z.RefinementCtx,
) {
  checkReference(value, context, { required: false });
  checkReferenceHasFee(value, context);
}

/** `POST /subscription` body (SPEC.md §3 Subscription add payload). */
export const subscriptionCreateSchema = z
  .object({
    student_id: uuid(() => m.mobileRequired),
    joining_date: calendarDate(() => m.joiningDateRequired),
    start_time: timeOfDay(() => m.startTimeRequired),
    end_time: timeOfDay(() => m.endTimeRequired),
    duration: durationSchema,
    is_reserved: z.boolean({ error: () => m.statusRequired }),
    fee: feeSchema,
    mode: paymentModeSchema,
    seat_id: uuid(() => m.reservedSeatRequired).nullish(),
    price: priceSchema,
    reference: paymentReferenceSchema,
  })
  .superRefine(requireSeatWhenReserved)
  .superRefine(checkSubscriptionPayment);
export type SubscriptionCreateInput = z.input<typeof subscriptionCreateSchema>;

/** `PUT /subscription/{id}` body: the window and the seat choice. */
export const subscriptionUpdateSchema = z
  .object({
    start_time: timeOfDay(() => m.startTimeRequired),
    end_time: timeOfDay(() => m.endTimeRequired),
    is_reserved: z.boolean({ error: () => m.statusRequired }),
    seat_id: uuid(() => m.reservedSeatRequired).nullish(),
  })
  .superRefine(requireSeatWhenReserved);
export type SubscriptionUpdateInput = z.input<typeof subscriptionUpdateSchema>;

/** `PUT /subscription/renew/{id}` body. */
export const subscriptionRenewSchema = z
  .object({
    duration: durationSchema,
    fee: feeSchema,
    mode: paymentModeSchema,
    price: priceSchema,
    reference: paymentReferenceSchema,
  })
  .superRefine(checkSubscriptionPayment);
export type SubscriptionRenewInput = z.input<typeof subscriptionRenewSchema>;

/** `GET /subscription/available` query. */
export const availabilityQuerySchema = z.object({
  joining_date: calendarDate(() => m.joiningDateRequired),
  start_time: timeOfDay(() => m.timesRequiredForAvailability),
  end_time: timeOfDay(() => m.timesRequiredForAvailability),
  duration: durationSchema.optional(),
  /** When editing, the subscription's own place does not count against it. */
  exclude_id: z.uuid().optional(),
});

export const availabilitySchema = z.object({
  availableSeats: z.number().int(),
  nonReservedSeats: z.array(
    z.object({ id: z.string(), name: z.string(), area_name: z.string(), capacity: z.number().int() }),
  ),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const SUBSCRIPTION_SORT_KEYS = [
  'plan_expire_at',
  'plan_expires_at',
  'joining_date',
  'created_at',
  'updated_at',
  'name',
  'start_time',
] as const;
export const SUBSCRIPTION_FILTERS = ['active', 'expired', 'expiring', 'upcoming'] as const;

export const subscriptionListQuerySchema = listQuerySchema({
  sortKeys: SUBSCRIPTION_SORT_KEYS,
  defaultSortBy: 'plan_expire_at',
}).extend({
  status: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.enum(SUBSCRIPTION_FILTERS, { error: () => m.filterInvalid }).optional(),
  ),
});

/** A subscription row as lists and the edit dialog receive it. */
export const subscriptionSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  is_reserved: z.boolean(),
  seat_id: z.string().nullable(),
  name: z.string().nullable(),
  area_name: z.string().nullable(),
  joining_date: z.string(),
  plan_expires_at: z.string(),
  plan_expire_at: z.string(),
  duration: z.number().int(),
  status: z.enum(['active', 'expired', 'upcoming']),
  /** Agreed prices of all its periods, payments towards them, and what is left (issue 13). */
  price: z.number(),
  paid: z.number(),
  balance: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({
  subscription: z.array(subscriptionSchema),
  pagination: paginationSchema,
});
