import { z } from 'zod';
import { rupeesSchema } from '../common/money';
import { MAX_FEE_RUPEES, PAYMENT_MODES, paymentModeSchema } from '../subscriptions/subscriptions.schema';
import { checkReference, paymentReferenceSchema } from '../payments/reference';
import { receiptMessages as m } from './receipts.messages';
import { paymentMessages } from '../payments/payments.messages';
import { isGstStateCode } from './gstin';

export const MAX_REASON_LENGTH = 200;

/** Texts are read when a value is checked (`error: () => …`), so they follow the current language. */
const reasonSchema = (required: () => string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(MAX_REASON_LENGTH, { error: () => m.voidReasonTooLong });

/** `POST /api/payments/{id}/void` body. */
export const paymentVoidSchema = z.object({ reason: reasonSchema(() => m.voidReasonRequired) });
export type PaymentVoidInput = z.input<typeof paymentVoidSchema>;

/** The amount's texts, read when an amount is checked (getters), in the current language. */
const amountTexts = {
  get required() {
    return paymentMessages.amountRequired;
  },
  get invalid() {
    return paymentMessages.amountInvalid;
  },
};

/**
 * `POST /api/payments/{id}/adjustments` body: a new entry against a payment. `direction`
 * `more` adds money received (it takes a receipt number, and may not exceed the balance);
 * `refund` takes money back (at most what is left of the payment; no receipt number).
 */
export const paymentAdjustmentSchema = z
  .object({
    direction: z.enum(['more', 'refund'], { error: () => m.adjustDirectionRequired }),
    amount: rupeesSchema(amountTexts, MAX_FEE_RUPEES).refine((amount) => amount > 0, {
      error: () => paymentMessages.amountZero,
    }),
    mode: paymentModeSchema,
    reference: paymentReferenceSchema,
    reason: reasonSchema(() => m.adjustReasonRequired),
  })
  .superRefine((adjustment, context) =>
    checkReference(adjustment, context, { required: adjustment.direction === 'more' }),
  );
export type PaymentAdjustmentInput = z.input<typeof paymentAdjustmentSchema>;

/** An optional place of supply (a GST state code) sent with a payment when the library is registered. */
export const placeOfSupplySchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string({ error: () => m.placeOfSupplyInvalid })
    .refine(isGstStateCode, { error: () => m.placeOfSupplyInvalid })
    .optional(),
);

/** The tax part of a tax invoice, fixed when the payment was taken. */
export const receiptTaxSchema = z.object({
  gstin: z.string(),
  sac: z.string(),
  rate: z.number(),
  supplier_state: z.object({ code: z.string(), name: z.string() }),
  place_of_supply: z.object({ code: z.string(), name: z.string() }),
  inter_state: z.boolean(),
  taxable_value: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
});
export type ReceiptTax = z.infer<typeof receiptTaxSchema>;

/**
 * Everything a receipt or tax invoice shows (`GET /api/receipts/{paymentId}`), one
 * document that the printable page, the PDF and the shared link all render.
 */
export const receiptDocumentSchema = z.object({
  payment_id: z.string(),
  receipt_no: z.string(),
  /** `tax_invoice` when the library held a GSTIN when the payment was taken. */
  type: z.enum(['receipt', 'tax_invoice']),
  /** The payment's day and time in the library's time zone (`YYYY-MM-DD`, `HH:mm`). */
  date: z.string(),
  time: z.string(),
  library: z.object({
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string(),
    email: z.string(),
  }),
  student: z.object({ name: z.string(), mobile: z.string() }),
  plan: z.object({
    duration_months: z.number().int(),
    is_reserved: z.boolean(),
    seat_name: z.string().nullable(),
    area_name: z.string().nullable(),
    start_time: z.string(),
    end_time: z.string(),
    period_start: z.string(),
    period_end: z.string(),
  }),
  kind: z.enum(['new', 'renewal', 'balance', 'adjustment']),
  amount: z.number(),
  amount_in_words: z.string(),
  mode: z.enum(PAYMENT_MODES),
  reference: z.string().nullable(),
  received_by: z.string().nullable(),
  tax: receiptTaxSchema.nullable(),
  /** For an adjustment: the receipt it adjusts and why. */
  adjusts: z.object({ payment_id: z.string(), receipt_no: z.string().nullable(), reason: z.string() }).nullable(),
  /** For a void payment: when (`YYYY-MM-DD HH:mm` in the library's time zone, as `date` and `time`), who and why. */
  void: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
});
export type ReceiptDocument = z.infer<typeof receiptDocumentSchema>;

/** `POST /api/receipts/{paymentId}/links` answer: a new share link (the token is shown only now). */
export const receiptLinkSchema = z.object({ url: z.string(), whatsapp_url: z.string(), created_at: z.string() });
export type ReceiptLink = z.infer<typeof receiptLinkSchema>;

/** `DELETE /api/receipts/{paymentId}/links` answer: how many live links were revoked (0 when none was live). */
export const receiptLinksRevokedSchema = z.object({ revoked: z.number().int() });
export type ReceiptLinksRevoked = z.infer<typeof receiptLinksRevokedSchema>;

/** The papers a receipt is laid out for: A5, or an 80 mm thermal roll. */
export const RECEIPT_PAPERS = ['a5', '80mm'] as const;
export type ReceiptPaper = (typeof RECEIPT_PAPERS)[number];

/** `?paper=` of the printable page and the PDF; A5 when absent. */
export const receiptPaperQuerySchema = z.object({
  paper: z.enum(RECEIPT_PAPERS, { error: () => m.paperInvalid }).default('a5'),
});
