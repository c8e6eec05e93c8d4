import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  expenseInputSchema,
  isBuiltInCategory,
  recurringExpenseInputSchema,
  type PaymentMode,
  expenseMessages,
} from '@app/shared';
import type { ExpenseBody, RecurringExpenseBody } from '../api/expenses-api';

const m = expenseMessages;

/** The category select's value for "Your own category": no built-in key, and no category the schema takes. */
export const OWN_CATEGORY = '*';

/** What a date picker leaves in the form when what was typed is not a date. */
export const UNREADABLE_DATE = 'invalid';

/** The fields both expense dialogs share: the category (a built-in key, or own and its name), amount, mode, note. */
export interface ExpenseCommonForm {
  category: string;
  own_category: string;
  amount: string;
  mode: PaymentMode;
  note: string;
}

export interface ExpenseForm extends ExpenseCommonForm {
  date: string;
}

export interface RecurringExpenseForm extends ExpenseCommonForm {
  day_of_month: string;
  start_month: string;
}

/** The category the form stands for: the built-in one chosen, or the owner's own as typed. */
const withCategory = <Form extends ExpenseCommonForm>({ own_category: own, ...values }: Form) => ({
  ...values,
  category: values.category === OWN_CATEGORY ? own : values.category,
});

/**
 * Where a reason about the category belongs: under the name typed when the owner chose
 * their own category, else under the select.
 */
export const categoryFieldOf = (form: ExpenseCommonForm) =>
  form.category === OWN_CATEGORY ? ('own_category' as const) : ('category' as const);

/**
 * A resolver over the shared schema whose reason about the category lands on the field
 * the owner filled in (the select, or their own category's name).
 */
function categoryAwareResolver<Form extends ExpenseCommonForm & FieldValues, Body>(
  schema: z.ZodType<Body, Form>,
): Resolver<Form, unknown, Body> {
  const resolve = zodResolver(schema) as unknown as Resolver<Form, unknown, Body>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as FieldErrors<ExpenseCommonForm>;
    if (!errors.category || categoryFieldOf(values) === 'category') return result;
    const { category, ...others } = errors;
    return { ...result, errors: { ...others, own_category: category } } as typeof result;
  };
}

/**
 * The expense dialog's rules: the shared body schema (the API's own messages), a date
 * the picker could read, and not after the library's `today` (the API refuses it too).
 */
export function expenseResolver(today: string) {
  const date = z
    .string()
    .refine((value) => value !== UNREADABLE_DATE, { error: m.dateUnreadable, abort: true })
    .pipe(expenseInputSchema.shape.date)
    .refine((value) => value <= today, { error: m.dateInFuture });
  const schema = z.preprocess(
    (values: ExpenseForm) => withCategory(values),
    expenseInputSchema.extend({ date }),
  ) as z.ZodType<ExpenseBody, ExpenseForm>;
  return categoryAwareResolver(schema);
}

/** The monthly expense dialog's rules: the shared body schema, and a month the picker could read. */
export function recurringExpenseResolver() {
  const startMonth = z
    .string()
    .refine((value) => value !== '' && value !== UNREADABLE_DATE, {
      error: m.recurring.startMonthRequired,
      abort: true,
    })
    .pipe(recurringExpenseInputSchema.shape.start_month);
  const schema = z.preprocess(
    (values: RecurringExpenseForm) => withCategory(values),
    recurringExpenseInputSchema.extend({ start_month: startMonth }),
  ) as z.ZodType<RecurringExpenseBody, RecurringExpenseForm>;
  return categoryAwareResolver(schema);
}

/** A stored category as the form holds it: a built-in key as it is, else own with its name. */
export function categoryFields(category: string): Pick<ExpenseCommonForm, 'category' | 'own_category'> {
  return isBuiltInCategory(category)
    ? { category, own_category: '' }
    : { category: OWN_CATEGORY, own_category: category };
}
