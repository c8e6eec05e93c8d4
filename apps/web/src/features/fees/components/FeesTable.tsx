import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTimeDMY, formatRupees, messages, type FeeRecord } from '@app/shared';
import { ListTable, ListTableBody, SkeletonRows, SortableHeader, type ListSort } from '@/components/ListTable';
import type { FeeSortKey } from '../api/fees-api';

const m = messages.fees;
const COLUMN_COUNT = 8;

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

const SKELETON_WIDTHS = [20, 140, 90, 70, 70, 50, 130, 130];

/** The fee report table (SPEC.md §2): No, Student Name, Mobile, Amount, Duration, Status, Created At, Updated At. */
export function FeesTable({ fees, loading, skeletonRows, firstNumber, sort, timeZone, onSort }: FeesTableProps) {
  const c = m.columns;
  return (
    <ListTable label={m.title} minWidth={900} busy={loading} denseOnPhone>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 56 }}>{c.no}</TableCell>
          <SortableHeader label={c.studentName} column="name" sort={sort} onSort={onSort} />
          <TableCell>{c.mobile}</TableCell>
          <SortableHeader label={c.amount} column="amount" sort={sort} onSort={onSort} align="right" />
          <SortableHeader label={c.duration} column="duration" sort={sort} onSort={onSort} />
          <TableCell>{c.status}</TableCell>
          <SortableHeader label={c.createdAt} column="created_at" sort={sort} onSort={onSort} />
          <SortableHeader label={c.updatedAt} column="updated_at" sort={sort} onSort={onSort} />
        </TableRow>
      </TableHead>
      <ListTableBody
        loading={loading}
        skeleton={<SkeletonRows count={skeletonRows} widths={SKELETON_WIDTHS} />}
        empty={fees.length === 0}
        columns={COLUMN_COUNT}
        emptyText={m.empty}
      >
        {fees.map((fee, index) => (
          <TableRow key={fee.id} hover>
            <TableCell>{firstNumber + index}</TableCell>
            <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {[fee.first_name, fee.last_name].filter(Boolean).join(' ')}
            </TableCell>
            <TableCell>{fee.mobile}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatRupees(fee.amount)}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.durationValue(fee.duration, fee.unit)}</TableCell>
            <TableCell>
              <Chip
                size="small"
                variant="outlined"
                color={fee.status === 'paid' ? 'success' : 'default'}
                label={capitalise(fee.status)}
              />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeDMY(fee.created_at, timeZone)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeDMY(fee.updated_at, timeZone)}</TableCell>
          </TableRow>
        ))}
      </ListTableBody>
    </ListTable>
  );
}
