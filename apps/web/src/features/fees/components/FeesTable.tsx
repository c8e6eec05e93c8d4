import Chip from '@mui/material/Chip';
import { formatDateTimeDMY, formatRupees, type FeeRecord, feeMessages, receiptMessages } from '@app/shared';
import Box from '@mui/material/Box';
import { ListTable, type ListActions, type ListColumn, type ListSort } from '@/components/ListTable';
import { ReceiptLinkButton } from '@/components/ReceiptLink';
import type { FeeSortKey } from '../api/fees-api';

const m = feeMessages;
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

/** "paid" → "Paid": a status the catalogue does not name, first letter capitalised (SPEC.md §2). */
export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

const isVoid = (fee: FeeRecord) => fee.status === 'void';

/**
 * A date and time (`21/11/2026 2:35 PM`) that may break between the two when the table is
 * tight, never inside either: the report's eight columns and its receipt action then fit a
 * laptop with the sidebar open.
 */
function DateTime({ value }: { value: string }) {
  const space = value.indexOf(' ');
  if (space < 0) return <>{value}</>;
  return (
    <>
      <Box component="span" sx={nowrap}>
        {value.slice(0, space)}
      </Box>{' '}
      <Box component="span" sx={nowrap}>
        {value.slice(space + 1)}
      </Box>
    </>
  );
}

/** A fee's receipt (issue 14), when it has one: a ₹0 fee and a refund have none. */
const actions: ListActions<FeeRecord> = {
  label: m.columns.actions,
  cell: (fee) => (fee.receipt_no ? <ReceiptLinkButton paymentId={fee.id} receiptNo={fee.receipt_no} /> : null),
};

/**
 * The fee report table (SPEC.md §2): No, Student Name, Mobile, Amount, Duration, Status, Created At,
 * Updated At, and each fee's receipt. A voided fee is struck through with a VOID status (the
 * report's totals leave it out); a refund is below ₹0.
 */
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
      cell: (fee) =>
        isVoid(fee) ? (
          <Box component="s" sx={{ color: 'text.secondary' }}>
            {formatRupees(fee.amount)}
          </Box>
        ) : (
          formatRupees(fee.amount)
        ),
    },
    { label: c.duration, sortBy: 'duration', sx: nowrap, cell: (fee) => m.durationValue(fee.duration, fee.unit) },
    {
      label: c.status,
      cell: (fee) => (
        <Chip
          size="small"
          variant="outlined"
          color={fee.status === 'paid' ? 'success' : isVoid(fee) ? 'error' : 'default'}
          label={isVoid(fee) ? receiptMessages.void : (m.statuses[fee.status] ?? capitalise(fee.status))}
        />
      ),
    },
    {
      label: c.createdAt,
      sortBy: 'created_at',
      cell: (fee) => <DateTime value={formatDateTimeDMY(fee.created_at, timeZone)} />,
    },
    {
      label: c.updatedAt,
      sortBy: 'updated_at',
      card: 'hidden',
      cell: (fee) => <DateTime value={formatDateTimeDMY(fee.updated_at, timeZone)} />,
    },
  ];
  return (
    <ListTable
      label={m.title}
      minWidth={860}
      columns={columns}
      actions={actions}
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
