import { z } from 'zod';
import { isCalendarDate } from '../common/fields';
import { rupeesSchema } from '../common/money';
import { MAX_FEE_RUPEES, PAYMENT_MODES, paymentModeSchema } from '../subscriptions/subscriptions.schema';
import { expenseMessages as m } from './expenses.messages';

/** The built-in categories; any other text (2–40 characters) is the owner's own category. */
export const EXPENSE_CATEGORIES = ['rent', 'salaries', 'electricity', 'internet', 'maintenance', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_PATTERN = /^[\p{L}\p{M}0-9][\p{L}\p{M}0-9 .&'-]{1,39}$/u;
export const MAX_EXPENSE_NOTE_LENGTH = 200;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isBuiltInCategory(category: string): category is ExpenseCategory {
  return (EXPENSE_CATEGORIES as readonly string[]).includes(category);
}

/**
 * A category as typed: a built-in key as it is (`rent`), also when typed in other case
 * (`Rent`, `RENT`: the built-in one, so it is totalled with it), else the owner's own
 * text trimmed, spaces collapsed.
 */
export const expenseCategorySchema = z
  .string({ error: () => m.categoryRequired })
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .transform((value) => (isBuiltInCategory(value.toLowerCase()) ? value.toLowerCase() : value))
  .pipe(
    z
      .string()
      .min(1, { error: () => m.categoryRequired, abort: true })
      .refine((value) => isBuiltInCategory(value) || EXPENSE_CATEGORY_PATTERN.test(value), {
        error: () => m.categoryInvalid,
      }),
  );

const noteSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .max(MAX_EXPENSE_NOTE_LENGTH, { error: () => m.noteTooLong })
    .nullable()
    .default(null),
);

/** The amount's texts, read when an amount is checked (getters), so they follow the current language. */
const amountTexts = {
  get required() {
    return m.amountRequired;
  },
  get invalid() {
    return m.amountInvalid;
  },
};

const amountSchema = rupeesSchema(amountTexts, MAX_FEE_RUPEES).refine((amount) => amount > 0, {
  error: () => m.amountInvalid,
});

/** `POST /api/expenses` and `PUT /api/expenses/{id}` body. The server refuses a date after the library's today. */
export const expenseInputSchema = z.object({
  date: z
    .string({ error: () => m.dateRequired })
    .trim()
    .min(1, { error: () => m.dateRequired, abort: true })
    .refine(isCalendarDate, { error: () => m.dateInvalid }),
  category: expenseCategorySchema,
  amount: amountSchema,
  note: noteSchema,
  mode: paymentModeSchema,
});
export type ExpenseInput = z.input<typeof expenseInputSchema>;

/** `POST /api/expenses/recurring` and `PUT /api/expenses/recurring/{id}` body. */
export const recurringExpenseInputSchema = z.object({
  category: expenseCategorySchema,
  amount: amountSchema,
  note: noteSchema,
  mode: paymentModeSchema,
  day_of_month: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
    z
      .number({ error: () => m.recurring.dayOfMonthInvalid })
      .int({ error: () => m.recurring.dayOfMonthInvalid })
      .min(1, { error: () => m.recurring.dayOfMonthInvalid })
      .max(28, { error: () => m.recurring.dayOfMonthInvalid }),
  ),
  /** The first month with an entry (`YYYY-MM`). */
  start_month: z
    .string({ error: () => m.recurring.startMonthInvalid })
    .trim()
    .regex(MONTH_PATTERN, {
      error: () => m.recurring.startMonthInvalid,
    }),
});
export type RecurringExpenseInput = z.input<typeof recurringExpenseInputSchema>;

/** `GET /api/expenses` query: a month (`YYYY-MM`), default the library's current month. */
export const expenseListQuerySchema = z.object({
  month: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .regex(MONTH_PATTERN, { error: () => m.recurring.startMonthInvalid })
      .optional(),
  ),
});

export const expenseRecordSchema = z.object({
  id: z.string(),
  date: z.string(),
  category: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
  mode: z.enum(PAYMENT_MODES),
  recurring_id: z.string().nullable(),
  recorded_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type ExpenseRecord = z.infer<typeof expenseRecordSchema>;

export const recurringExpenseRecordSchema = z.object({
  id: z.string(),
  category: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
  mode: z.enum(PAYMENT_MODES),
  day_of_month: z.number().int(),
  start_month: z.string(),
  created_at: z.string(),
});
export type RecurringExpenseRecord = z.infer<typeof recurringExpenseRecordSchema>;

/** `GET /api/expenses` answer: one month's expenses, newest first, with totals. */
export const expenseMonthSchema = z.object({
  month: z.string(),
  total: z.number(),
  by_category: z.array(z.object({ category: z.string(), amount: z.number(), count: z.number().int() })),
  expenses: z.array(expenseRecordSchema),
  recurring: z.array(recurringExpenseRecordSchema),
});
export type ExpenseMonth = z.infer<typeof expenseMonthSchema>;
