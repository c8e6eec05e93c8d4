import { z } from 'zod';
import { paymentMessages as m } from './payments.messages';

/** A UPI transaction's UTR: 12 digits. */
export const UPI_UTR_PATTERN = /^\d{12}$/;
/** Any other payment reference (NEFT/IMPS/RTGS UTR, cheque number): 6 to 22 letters and digits. */
export const PAYMENT_REFERENCE_PATTERN = /^[A-Z0-9]{6,22}$/;
/** Modes a payment must carry a reference in. */
export const MODES_NEEDING_REFERENCE = ['UPI', 'Bank Transfer'] as const;

/** An optional reference as sent: blank is none; stored upper-case without spaces, so a reuse is found whatever its case. */
export const paymentReferenceSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() || undefined : value),
  z.string({ error: () => m.referenceInvalid }).optional(),
);

/**
 * Checks a payment's reference against its mode, adding the issue at `path`:
 * UPI takes a 12-digit UTR, any other mode 6–22 letters and digits; UPI and bank
 * transfers must carry one when `required` (the payments call; the SPEC's create and
 * renew calls keep it optional).
 */
export function checkReference(
  payment: { mode: string; reference?: string | undefined },
  context: z.RefinementCtx,
  options: { required: boolean; path?: (string | number)[] },
) {
  const path = options.path ?? ['reference'];
  const { mode, reference } = payment;
  if (!reference) {
    if (options.required && (MODES_NEEDING_REFERENCE as readonly string[]).includes(mode)) {
      context.addIssue({
        code: 'custom',
        path,
        message: m.referenceRequired[mode as (typeof MODES_NEEDING_REFERENCE)[number]],
      });
    }
    return;
  }
  if (mode === 'UPI' ? !UPI_UTR_PATTERN.test(reference) : !PAYMENT_REFERENCE_PATTERN.test(reference)) {
    context.addIssue({ code: 'custom', path, message: mode === 'UPI' ? m.utrInvalid : m.referenceInvalid });
  }
}

/**
 * A reference names money that came in: on create and renew it needs a fee above ₹0. A ₹0
 * fee is still written as a fee row (one a period), which would take the reference up for
 * good, so the real payment could not carry it later. Adds the issue at `reference`.
 */
export function checkReferenceHasFee(payment: { fee: unknown; reference?: unknown }, context: z.RefinementCtx) {
  if (payment.reference && typeof payment.fee === 'number' && !(payment.fee > 0)) {
    context.addIssue({ code: 'custom', path: ['reference'], message: m.referenceNeedsFee });
  }
}
