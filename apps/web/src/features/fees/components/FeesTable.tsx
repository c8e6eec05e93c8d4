import Chip from '@mui/material/Chip';
import { formatDateTimeDMY, formatRupees, messages, type FeeRecord } from '@app/shared';
import { ListTable, type ListColumn, type ListSort } from '@/components/ListTable';
import type { FeeSortKey } from '../api/fees-api';

const m = messages.fees;
const nowrap = { whiteSpace: 'nowrap' } as const;

export type FeeSort = ListSort<FeeSortKey>;

interface FeesTableProps {
  fees: FeeRecord[];
  loading: boolean;
  skeletonRows: number;
  /** Number of the first row on this page: numbering continues across pages. */
  firstNumber: number;
  sort: FeeSort;
  timeZone: string;
  onSort: (sortBy: FeeSortKey) => void;
}

/** "paid" → "Paid": the status as received, first letter capitalised (SPEC.md §2). */
export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** The fee report table (SPEC.md §2): No, Student Name, Mobile, Amount, Duration, Status, Created At, Updated At. */
export function FeesTable({ fees, loading, skeletonRows, firstNumber, sort, timeZone, onSort }: FeesTableProps) {
  const c = m.columns;
  const columns: ListColumn<FeeRecord, FeeSortKey>[] = [
    { label: c.no, width: 56, card: 'hidden', cell: (_, index) => firstNumber + index },
    {
      label: c.studentName,
      sortBy: 'name',
      card: 'title',
      sx: { fontWeight: 600 },
      cell: (fee) => [fee.first_name, fee.last_name].filter(Boolean).join(' '),
    },
    { label: c.mobile, card: 'subtitle', sx: nowrap, cell: (fee) => fee.mobile },
    {
      label: c.amount,
      sortBy: 'amount',
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      cell: (fee) => formatRupees(fee.amount),
    },
    { label: c.duration, sortBy: 'duration', sx: nowrap, cell: (fee) => m.durationValue(fee.duration, fee.unit) },
    {
      label: c.status,
      cell: (fee) => (
        <Chip
          size="small"
          variant="outlined"
          color={fee.status === 'paid' ? 'success' : 'default'}
          label={capitalise(fee.status)}
        />
      ),
    },
    {
      label: c.createdAt,
      sortBy: 'created_at',
      sx: nowrap,
      cell: (fee) => formatDateTimeDMY(fee.created_at, timeZone),
    },
    {
      label: c.updatedAt,
      sortBy: 'updated_at',
      card: 'hidden',
      sx: nowrap,
      cell: (fee) => formatDateTimeDMY(fee.updated_at, timeZone),
    },
  ];
  return (
    <ListTable
      label={m.title}
      minWidth={860}
      columns={columns}
      rows={fees}
      rowKey={(fee) => fee.id}
      loading={loading}
      skeletonRows={skeletonRows}
      emptyText={m.empty}
      sort={sort}
      onSort={onSort}
    />
  );
}
