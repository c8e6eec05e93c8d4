import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatDateTimeDMY, formatRupees, messages, type FeeRecord } from '@app/shared';
import type { FeeSortKey } from '../api/fees-api';

const m = messages.fees;
const COLUMN_COUNT = 8;

export interface FeeSort {
  sortBy: FeeSortKey;
  sortOrder: 'ASC' | 'DESC';
}

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

function SortableHeader({
  label,
  column,
  sort,
  onSort,
  align,
}: { label: string; column: FeeSortKey; align?: 'right' } & Pick<FeesTableProps, 'sort' | 'onSort'>) {
  const active = sort.sortBy === column;
  const direction = active && sort.sortOrder === 'DESC' ? 'desc' : 'asc';
  return (
    <TableCell align={align} sortDirection={active ? direction : false}>
      <TableSortLabel active={active} direction={direction} onClick={() => onSort(column)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

function SkeletonRows({ count }: { count: number }) {
  return Array.from({ length: count }, (_, row) => (
    <TableRow key={row} aria-hidden>
      {[20, 140, 90, 70, 70, 50, 130, 130].map((width, cell) => (
        <TableCell key={cell}>
          <Skeleton width={width} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** The fee report table (SPEC.md §2): No, Student Name, Mobile, Amount, Duration, Status, Created At, Updated At. */
export function FeesTable({ fees, loading, skeletonRows, firstNumber, sort, timeZone, onSort }: FeesTableProps) {
  const c = m.columns;
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    // On a phone the table keeps every column and scrolls sideways.
    <TableContainer>
      <Table size={narrow ? 'small' : 'medium'} sx={{ minWidth: 900 }} aria-label={m.title} aria-busy={loading}>
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
        <TableBody>
          {loading ? (
            <SkeletonRows count={skeletonRows} />
          ) : fees.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMN_COUNT} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {m.empty}
              </TableCell>
            </TableRow>
          ) : (
            fees.map((fee, index) => (
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
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
