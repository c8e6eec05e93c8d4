import { useForm } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { type RecurringExpenseRecord, expenseMessages } from '@app/shared';
import type { RecurringExpenseBody } from '../api/expenses-api';
import { useExpenseActions } from '../hooks/use-expense-actions';
import { categoryFields, recurringExpenseResolver, type RecurringExpenseForm } from './expense-form';
import { SelectField } from '@/components/SelectField';
import { ExpenseFields, FieldStack } from './ExpenseFields';
import { ExpenseFormDialog } from './ExpenseFormDialog';
import { MonthField } from './PickerFields';

const r = expenseMessages.recurring;

/** Day 1 to 28: every month has them. */
const DAYS = Array.from({ length: 28 }, (_, index) => String(index + 1));

const startingValues = (recurring: RecurringExpenseRecord | undefined, thisMonth: string): RecurringExpenseForm =>
  recurring
    ? {
        ...categoryFields(recurring.category),
        amount: String(recurring.amount),
        mode: recurring.mode,
        note: recurring.note ?? '',
        day_of_month: String(recurring.day_of_month),
        start_month: recurring.start_month.slice(0, 7),
      }
    : { category: '', own_category: '', amount: '', mode: 'Cash', note: '', day_of_month: '1', start_month: thisMonth };

interface RecurringExpenseDialogProps {
  /** The monthly expense to change; none to add one. The parent mounts the dialog afresh for each opening. */
  recurring?: RecurringExpenseRecord;
  /** The library's month (`YYYY-MM`): where a new monthly expense starts. */
  thisMonth: string;
  onClose: () => void;
}

/**
 * Add / Edit Monthly Expense: what is paid every month (rent on the 1st), from which month.
 * The server enters the months already due at once; a change applies to the next entries.
 */
export function RecurringExpenseDialog({ recurring, thisMonth, onClose }: RecurringExpenseDialogProps) {
  const form = useForm<RecurringExpenseForm, unknown, RecurringExpenseBody>({
    resolver: recurringExpenseResolver(),
    defaultValues: startingValues(recurring, thisMonth),
  });
  const { saveRecurring } = useExpenseActions();
  return (
    <ExpenseFormDialog
      id="recurring-dialog"
      title={recurring ? r.editTitle : r.addTitle}
      help={r.help}
      form={form}
      save={(body) => saveRecurring(recurring?.id, body)}
      onClose={onClose}
    >
      <FieldStack>
        <ExpenseFields>
          <SelectField
            control={form.control}
            name="day_of_month"
            label={r.dayOfMonth}
            help={(day) => r.everyMonth(Number(day) || 1)}
          >
            {DAYS.map((day) => (
              <MenuItem key={day} value={day}>
                {day}
              </MenuItem>
            ))}
          </SelectField>
          <MonthField control={form.control} name="start_month" label={r.startMonth} />
        </ExpenseFields>
      </FieldStack>
    </ExpenseFormDialog>
  );
}
