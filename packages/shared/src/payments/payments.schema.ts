import { z } from 'zod';
import { isCalendarDate } from '../common/fields';
import { rupeesSchema } from '../common/money';
import { MAX_FEE_RUPEES, PAYMENT_MODES, paymentModeSchema } from '../subscriptions/subscriptions.schema';
import { paymentMessages as m } from './payments.messages';
import { checkReference, paymentReferenceSchema } from './reference';
import { placeOfSupplySchema } from '../receipts/receipts.schema';

/** The amount's texts, read when an amount is checked (getters), so they follow the current language. */
const amountTexts = {
  get required() {
    return m.amountRequired;
  },
  get invalid() {
    return m.amountInvalid;
  },
};

/** `POST /api/subscription/{id}/payments` body: part or all of the balance. */
export const paymentCreateSchema = z
  .object({
    amount: rupeesSchema(amountTexts, MAX_FEE_RUPEES).refine((amount) => amount > 0, { error: () => m.amountZero }),
    mode: paymentModeSchema,
    reference: paymentReferenceSchema,
    /** Issue 14: the student's state for a tax invoice; absent, the library's own state. */
    place_of_supply: placeOfSupplySchema,
  })
  .superRefine((payment, context) => checkReference(payment, context, { required: true }));
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

/** A payment as the subscription's history and the day book show it. */
export const paymentRecordSchema = z.object({
  id: z.string(),
  subscription_id: z.string(),
  student_id: z.string(),
  amount: z.number(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  /** `GDL/2026-27/0001` (issue 14); null for a ₹0 fee, which receives nothing. */
  receipt_no: z.string().nullable(),
  /** `adjustment` (issue 14): a signed correction of the payment `adjusts_id`, with a `reason`. */
  kind: z.enum(['new', 'renewal', 'balance', 'adjustment']),
  recorded_by: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  created_at: z.string(),
  /** Issue 14: an adjustment's original payment and its reason; null otherwise. */
  adjusts_id: z.string().nullable(),
  reason: z.string().nullable(),
  /** Issue 14: set when the payment was voided (it then counts for nothing). */
  voided_at: z.string().nullable(),
  voided_by_name: z.string().nullable(),
  void_reason: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** A priced period of a subscription: its creation or a renewal. */
export const chargeRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['new', 'renewal']),
  duration: z.number().int(),
  list_price: z.number().nullable(),
  price: z.number(),
  discount: z.number(),
  created_at: z.string(),
});
export type ChargeRecord = z.infer<typeof chargeRecordSchema>;

/** `GET /api/subscription/{id}/payments`: what was agreed, what was paid, and the balance. */
export const subscriptionAccountSchema = z.object({
  subscription_id: z.string(),
  price: z.number(),
  paid: z.number(),
  balance: z.number(),
  charges: z.array(chargeRecordSchema),
  payments: z.array(paymentRecordSchema),
});
export type SubscriptionAccount = z.infer<typeof subscriptionAccountSchema>;

/** `POST /api/subscription/{id}/payments` answer. */
export const paymentResultSchema = z.object({
  payment: paymentRecordSchema,
  account: subscriptionAccountSchema,
});

/** `GET /api/day-book` and `/api/day-book/export` query: a library day, default today. */
export const dayBookQuerySchema = z.object({
  date: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .refine(isCalendarDate, { error: () => m.dayBook.dateInvalid })
      .optional(),
  ),
});

const totalSchema = z.object({ count: z.number().int(), amount: z.number() });

export const dayBookSchema = z.object({
  date: z.string(),
  total: totalSchema,
  by_mode: z.array(totalSchema.extend({ mode: z.enum(PAYMENT_MODES) })),
  by_collector: z.array(totalSchema.extend({ admin_id: z.string().nullable(), name: z.string().nullable() })),
  payments: z.array(
    paymentRecordSchema.extend({ first_name: z.string(), last_name: z.string().nullable(), mobile: z.string() }),
  ),
});
export type DayBook = z.infer<typeof dayBookSchema>;
