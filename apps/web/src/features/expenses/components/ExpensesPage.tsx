import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import AddRounded from '@mui/icons-material/AddRounded';
import {
  formatDateDMY,
  type ExpenseRecord,
  type RecurringExpenseRecord,
  coreMessages,
  expenseMessages,
} from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorScreen } from '@/components/ErrorScreen';
import { lazyDialog } from '@/components/lazy-dialog';
import { RefetchBar } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { useExpenseActions } from '../hooks/use-expense-actions';
import { useExpenseMonth } from '../hooks/use-expense-month';
import { categoryLabel } from './expense-format';
import { ExpenseSummary } from './ExpenseSummary';
import { ExpensesTable } from './ExpensesTable';
import { MonthSwitcher } from './MonthSwitcher';
import { RecurringExpenses } from './RecurringExpenses';
import { DatePickersProvider } from '@/components/DatePickersProvider';

// Loaded when first opened (issue 18): their forms, react-hook-form and the expense schemas are not the month's.
const ExpenseDialog = lazyDialog(() => import('./ExpenseDialog').then((d) => d.ExpenseDialog));
const RecurringExpenseDialog = lazyDialog(() =>
  import('./RecurringExpenseDialog').then((d) => d.RecurringExpenseDialog),
);

const m = expenseMessages;

/** The dialog open now: an expense or a monthly expense to add (none given) or to change. */
type Editing =
  { kind: 'expense'; expense?: ExpenseRecord } | { kind: 'recurring'; recurring?: RecurringExpenseRecord } | null;

/** A row a question is asked about, and whether the question is open. */
type Asked<Row> = { row: Row; open: boolean } | null;
const dismissed = <Row,>(asked: Asked<Row>): Asked<Row> => (asked ? { ...asked, open: false } : null);

/**
 * Expenses: what the library spent in a month (this month first), its total and categories,
 * every entry with Edit and Delete, and the monthly expenses that enter themselves.
 */
export function ExpensesPage() {
  const book = useExpenseMonth();
  const actions = useExpenseActions();
  const [editing, setEditing] = useState<Editing>(null);
  // Each opening mounts its dialog afresh, from the row it opens.
  const [opening, setOpening] = useState(0);
  // The row asked about stays while its question closes, so the text does not blank as it fades.
  const [deleting, setDeleting] = useState<Asked<ExpenseRecord>>(null);
  const [stopping, setStopping] = useState<Asked<RecurringExpenseRecord>>(null);
  const { isFetching, refetch } = book.query;
  const month = book.expenseMonth;

  const open = (next: Editing) => {
    setOpening((count) => count + 1);
    setEditing(next);
  };
  const close = () => setEditing(null);

  const confirmDelete = async () => {
    if (deleting && (await actions.deleteExpense(deleting.row.id))) setDeleting(dismissed);
  };
  const confirmStop = async () => {
    if (stopping && (await actions.stopRecurring(stopping.row.id))) setStopping(dismissed);
  };

  return (
    <DatePickersProvider>
      <Stack spacing={3}>
        <PageHeading title={m.title} subtitle={m.subtitle}>
          <MonthSwitcher month={book.month} thisMonth={book.thisMonth} onChange={book.setMonth} />
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => open({ kind: 'expense' })}>
            {m.add}
          </Button>
        </PageHeading>

        {book.failure ? (
          <Paper>
            <ErrorScreen detail={book.failure} onRefresh={() => void refetch()} />
          </Paper>
        ) : (
          <>
            <ExpenseSummary month={month} />
            <Paper sx={{ overflow: 'hidden' }}>
              <RefetchBar active={isFetching && Boolean(month)} label={coreMessages.common.loading} />
              <ExpensesTable
                expenses={month?.expenses ?? []}
                loading={!month}
                onEdit={(expense) => open({ kind: 'expense', expense })}
                onDelete={(row) => setDeleting({ row, open: true })}
              />
            </Paper>
            <RecurringExpenses
              recurring={book.recurring}
              onAdd={() => open({ kind: 'recurring' })}
              onEdit={(recurring) => open({ kind: 'recurring', recurring })}
              onStop={(row) => setStopping({ row, open: true })}
            />
          </>
        )}
      </Stack>

      {editing?.kind === 'expense' ? (
        <ExpenseDialog key={opening} expense={editing.expense} today={book.today} onClose={close} />
      ) : null}
      {editing?.kind === 'recurring' ? (
        <RecurringExpenseDialog
          key={opening}
          recurring={editing.recurring}
          thisMonth={book.thisMonth}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={m.deleteTitle}
        text={
          deleting
            ? m.deleteConfirm(
                categoryLabel(deleting.row.category),
                deleting.row.amount,
                formatDateDMY(deleting.row.date),
              )
            : ''
        }
        confirmLabel={m.delete}
        busyLabel={m.deleting}
        busy={actions.isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(dismissed)}
      />
      <ConfirmDialog
        open={stopping?.open ?? false}
        title={m.recurring.stopTitle}
        text={m.recurring.stopConfirm}
        confirmLabel={m.recurring.stop}
        busyLabel={m.recurring.stopping}
        busy={actions.isStopping}
        onConfirm={() => void confirmStop()}
        onClose={() => setStopping(dismissed)}
      />
    </DatePickersProvider>
  );
}
