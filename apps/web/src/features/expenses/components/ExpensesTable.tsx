import Chip from '@mui/material/Chip';
import { Tooltip } from '@/components/Tooltip';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EventRepeatRounded from '@mui/icons-material/EventRepeatRounded';
import { formatDateDMY, formatRupees, type ExpenseRecord, expenseMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { categoryLabel, describeExpense } from './expense-format';
import { RowActions } from './RowActions';
import { paymentModeName } from '@/components/payment-mode';

const m = expenseMessages;
const c = m.columns;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** The chip on an entry a monthly expense made; its tooltip says so, and so does its name. */
function MonthlyChip() {
  return (
    <Tooltip title={m.monthlyHint}>
      <Chip
        size="small"
        variant="outlined"
        color="primary"
        icon={<EventRepeatRounded />}
        label={m.monthlyChip}
        aria-label={`${m.monthlyChip}: ${m.monthlyHint}`}
        tabIndex={0}
        sx={{ ml: 1, verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}

const columns: ListColumn<ExpenseRecord>[] = [
  { label: c.date, sx: nowrap, card: 'subtitle', cell: (expense) => formatDateDMY(expense.date) },
  {
    label: c.category,
    card: 'title',
    sx: { fontWeight: 600, overflowWrap: 'anywhere' },
    cell: (expense) => (
      <>
        {categoryLabel(expense.category)}
        {expense.recurring_id ? <MonthlyChip /> : null}
      </>
    ),
  },
  {
    label: c.amount,
    align: 'right',
    sx: { ...nowrap, fontVariantNumeric: 'tabular-nums' },
    cell: (expense) => formatRupees(expense.amount),
  },
  { label: c.mode, sx: nowrap, cell: (expense) => paymentModeName(expense.mode) },
  { label: c.note, sx: { overflowWrap: 'anywhere' }, cell: (expense) => expense.note ?? '—' },
  { label: c.recordedBy, cell: (expense) => expense.recorded_by_name ?? '—' },
];

/** The month's expenses, newest first, each with Edit and Delete. */
export function ExpensesTable({
  expenses,
  loading,
  onEdit,
  onDelete,
}: {
  expenses: ExpenseRecord[];
  loading: boolean;
  onEdit: (expense: ExpenseRecord) => void;
  onDelete: (expense: ExpenseRecord) => void;
}) {
  return (
    <ListTable
      label={m.title}
      minWidth={760}
      columns={columns}
      rows={expenses}
      rowKey={(expense) => expense.id}
      loading={loading}
      emptyText={m.empty}
      actions={{
        label: c.actions,
        cell: (expense) => (
          <RowActions
            editName={m.editAction(describeExpense(expense))}
            remove={{
              title: m.delete,
              name: m.deleteAction(describeExpense(expense)),
              icon: <DeleteOutlineRounded fontSize="small" />,
            }}
            onEdit={() => onEdit(expense)}
            onRemove={() => onDelete(expense)}
          />
        ),
      }}
    />
  );
}
