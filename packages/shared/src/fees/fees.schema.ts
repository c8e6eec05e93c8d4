import { z } from 'zod';
import { paginationSchema } from '../common/envelope';
import { listQuerySchema } from '../common/list-query';
import { isCalendarDate } from '../common/fields';
import { PAYMENT_MODES } from '../subscriptions/subscriptions.schema';
import { feeMessages as m } from './fees.messages';

export const FEE_SORT_KEYS = ['name', 'amount', 'created_at', 'updated_at', 'duration'] as const;
/** `void` (issue 14): a voided payment, listed but counted for nothing. */
export const FEE_STATUSES = ['paid', 'void'] as const;

const optionalDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .refine(isCalendarDate, { error: () => m.invalidDate })
    .optional(),
);

/** `GET /fee` query: the list query plus status, payment mode and a date range (library days, inclusive). */
export const feeListQuerySchema = listQuerySchema({ sortKeys: FEE_SORT_KEYS, defaultSortBy: 'name' })
  .extend({
    status: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.enum(FEE_STATUSES, { error: () => m.statusInvalid }).optional(),
    ),
    mode: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.enum(PAYMENT_MODES, { error: () => m.modeInvalid }).optional(),
    ),
    from: optionalDate,
    to: optionalDate,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    error: () => m.invalidRange,
  });
export type FeeListQuery = z.input<typeof feeListQuerySchema>;

/** A fee record (SPEC.md §3). */
export const feeRecordSchema = z.object({
  id: z.string(),
  subscription_id: z.string(),
  student_id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  mobile: z.string(),
  email: z.string(),
  amount: z.number(),
  duration: z.number().int(),
  unit: z.string(),
  mode: z.string(),
  /** A subscription's creation, a renewal, or a later payment towards its balance (issue 13). */
  kind: z.enum(['new', 'renewal', 'balance', 'adjustment']),
  /** The receipt number (issue 14); null for a ₹0 fee. */
  receipt_no: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeeRecord = z.infer<typeof feeRecordSchema>;

export const feeListSchema = z.object({ fees: z.array(feeRecordSchema), pagination: paginationSchema });
