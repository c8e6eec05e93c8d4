import Box from '@mui/material/Box';
import { formatMonth, formatRupees, type Profit, type ProfitMonth, profitMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { profitColor, profitText } from './profit-format';

const m = profitMessages;
const c = m.columns;
const figure = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A row of the table: a month, or the total of the months shown. */
type ProfitRow = ProfitMonth & { total?: boolean };

const columns: ListColumn<ProfitRow>[] = [
  {
    label: c.month,
    card: 'title',
    sx: { whiteSpace: 'nowrap' },
    cell: (row) => (row.total ? <Box sx={{ fontWeight: 700 }}>{m.total}</Box> : formatMonth(row.month, 'long')),
  },
  { label: c.collected, align: 'right', sx: figure, cell: (row) => formatRupees(row.collected) },
  { label: c.expenses, align: 'right', sx: figure, cell: (row) => formatRupees(row.expenses) },
  {
    label: c.profit,
    align: 'right',
    sx: figure,
    cell: (row) => (
      <Box component="span" sx={{ color: profitColor(row.profit), fontWeight: row.total ? 700 : 600 }}>
        {profitText(row.profit)}
      </Box>
    ),
  },
];

/** Each month's fees collected, expenses and profit, this month first, and their total. */
export function ProfitTable({ profit }: { profit: Profit | undefined }) {
  const rows: ProfitRow[] = profit
    ? [...[...profit.months].reverse(), { month: 'total', ...profit.total, total: true }]
    : [];
  return (
    <ListTable
      label={m.title}
      minWidth={560}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.month}
      loading={!profit}
      skeletonRows={6}
      emptyText={m.empty}
    />
  );
}
