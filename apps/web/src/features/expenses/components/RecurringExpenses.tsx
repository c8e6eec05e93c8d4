import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { formatMonth, formatRupees, type RecurringExpenseRecord, expenseMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { categoryLabel, describeRecurring } from './expense-format';
import { RowActions } from './RowActions';
import { paymentModeName } from '@/components/payment-mode';

const m = expenseMessages;
const r = m.recurring;
const c = m.columns;
const nowrap = { whiteSpace: 'nowrap' } as const;

const columns: ListColumn<RecurringExpenseRecord>[] = [
  {
    label: c.category,
    card: 'title',
    sx: { fontWeight: 600, overflowWrap: 'anywhere' },
    cell: (recurring) => categoryLabel(recurring.category),
  },
  {
    label: c.amount,
    align: 'right',
    sx: { ...nowrap, fontVariantNumeric: 'tabular-nums' },
    cell: (recurring) => formatRupees(recurring.amount),
  },
  { label: r.columns.when, card: 'subtitle', cell: (recurring) => r.everyMonth(recurring.day_of_month) },
  { label: r.columns.from, sx: nowrap, cell: (recurring) => formatMonth(recurring.start_month.slice(0, 7)) },
  { label: c.mode, sx: nowrap, cell: (recurring) => paymentModeName(recurring.mode) },
  { label: c.note, sx: { overflowWrap: 'anywhere' }, cell: (recurring) => recurring.note ?? '—' },
];

/**
 * Monthly expenses: what is entered by itself every month (rent on the 1st), each with Edit
 * and Stop, and Add Monthly Expense. `recurring` is undefined while it loads.
 */
export function RecurringExpenses({
  recurring,
  onAdd,
  onEdit,
  onStop,
}: {
  recurring: RecurringExpenseRecord[] | undefined;
  onAdd: () => void;
  onEdit: (recurring: RecurringExpenseRecord) => void;
  onStop: (recurring: RecurringExpenseRecord) => void;
}) {
  return (
    <Paper component="section" aria-labelledby="monthly-expenses-title" sx={{ overflow: 'hidden' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ p: { xs: 2, sm: 2.5 }, pb: { xs: 1.5, sm: 1.5 }, alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography id="monthly-expenses-title" variant="h6" component="h2">
            {r.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {r.help}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<AddRounded />} onClick={onAdd} sx={{ alignSelf: { xs: 'flex-start' } }}>
          {r.add}
        </Button>
      </Stack>
      <ListTable
        label={r.title}
        minWidth={680}
        columns={columns}
        rows={recurring ?? []}
        rowKey={(row) => row.id}
        loading={!recurring}
        skeletonRows={2}
        emptyText={r.empty}
        actions={{
          label: c.actions,
          cell: (row) => (
            <RowActions
              editName={r.editAction(describeRecurring(row))}
              remove={{
                title: r.stop,
                name: r.stopAction(describeRecurring(row)),
                icon: <StopCircleOutlined fontSize="small" />,
              }}
              onEdit={() => onEdit(row)}
              onRemove={() => onStop(row)}
            />
          ),
        }}
      />
    </Paper>
  );
}
