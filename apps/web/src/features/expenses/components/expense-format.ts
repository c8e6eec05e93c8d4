import {
  formatDateDMY,
  isBuiltInCategory,
  type ExpenseRecord,
  type RecurringExpenseRecord,
  expenseMessages,
} from '@app/shared';

const m = expenseMessages;

/** A category as the owner reads it: a built-in one by its label (Rent), the owner's own as typed. */
export function categoryLabel(category: string): string {
  return isBuiltInCategory(category) ? m.categories[category] : category;
}

/** An expense as its row's actions name it: "Rent ₹12,000.00 on 01/11/2026". */
export const describeExpense = (expense: ExpenseRecord) =>
  m.described(categoryLabel(expense.category), expense.amount, formatDateDMY(expense.date));

/** A monthly expense as its row's actions name it: "Rent ₹12,000.00 every month". */
export const describeRecurring = (recurring: RecurringExpenseRecord) =>
  m.recurring.described(categoryLabel(recurring.category), recurring.amount);
