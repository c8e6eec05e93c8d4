import { useForm } from 'react-hook-form';
import { type ExpenseRecord, expenseMessages } from '@app/shared';
import type { ExpenseBody } from '../api/expenses-api';
import { useExpenseActions } from '../hooks/use-expense-actions';
import { categoryFields, expenseResolver, type ExpenseForm } from './expense-form';
import { ExpenseFields, FieldStack } from './ExpenseFields';
import { ExpenseFormDialog } from './ExpenseFormDialog';
import { DateField } from './PickerFields';

const m = expenseMessages;

const startingValues = (expense: ExpenseRecord | undefined, today: string): ExpenseForm =>
  expense
    ? {
        date: expense.date,
        ...categoryFields(expense.category),
        amount: String(expense.amount),
        mode: expense.mode,
        note: expense.note ?? '',
      }
    : { date: today, category: '', own_category: '', amount: '', mode: 'Cash', note: '' };

interface ExpenseDialogProps {
  /** The expense to change; none to add one. The parent mounts the dialog afresh for each opening. */
  expense?: ExpenseRecord;
  /** The library's today (`YYYY-MM-DD`): the date to start from, and the latest one allowed. */
  today: string;
  onClose: () => void;
}

/**
 * Add Expense / Edit Expense: date (today to start with), category (built-in or the owner's
 * own), amount in rupees and paise, how it was paid, and a note. The shared schema's
 * messages show as the owner types; the server's reasons land under their fields.
 */
export function ExpenseDialog({ expense, today, onClose }: ExpenseDialogProps) {
  const form = useForm<ExpenseForm, unknown, ExpenseBody>({
    resolver: expenseResolver(today),
    defaultValues: startingValues(expense, today),
  });
  const { saveExpense } = useExpenseActions();
  return (
    <ExpenseFormDialog
      id="expense-dialog"
      title={expense ? m.editTitle : m.addTitle}
      form={form}
      save={(body) => saveExpense(expense?.id, body)}
      onClose={onClose}
    >
      <FieldStack>
        <DateField control={form.control} name="date" label={m.date} max={today} />
        <ExpenseFields />
      </FieldStack>
    </ExpenseFormDialog>
  );
}
