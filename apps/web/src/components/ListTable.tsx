import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { messages, PAGE_SIZES } from '@app/shared';

/**
 * A list's table: on a narrow screen it keeps every column and scrolls sideways, and with
 * `denseOnPhone` its rows tighten below the `sm` breakpoint.
 */
export function ListTable({
  label,
  minWidth,
  busy,
  denseOnPhone = false,
  children,
}: {
  label: string;
  minWidth: number;
  /** Set while the rows load (aria-busy); left out, the table says nothing about it. */
  busy?: boolean;
  denseOnPhone?: boolean;
  children: ReactNode;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <TableContainer>
      <Table
        size={denseOnPhone ? (narrow ? 'small' : 'medium') : undefined}
        sx={{ minWidth }}
        aria-label={label}
        aria-busy={busy}
      >
        {children}
      </Table>
    </TableContainer>
  );
}

/** A list's sort: the column and its direction, as the API takes them. */
export interface ListSort<Key> {
  sortBy: Key;
  sortOrder: 'ASC' | 'DESC';
}

/** A column head that sorts the list by its column; a second click turns the order round. */
export function SortableHeader<Key>({
  label,
  column,
  sort,
  onSort,
  align,
  sx,
}: {
  label: string;
  column: Key;
  sort: ListSort<Key>;
  onSort: (sortBy: Key) => void;
  align?: 'right';
  sx?: SxProps<Theme>;
}) {
  const active = sort.sortBy === column;
  const direction = active && sort.sortOrder === 'DESC' ? 'desc' : 'asc';
  return (
    <TableCell align={align} sortDirection={active ? direction : false} sx={sx}>
      <TableSortLabel active={active} direction={direction} onClick={() => onSort(column)}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * Placeholder rows while a list loads: `count` rows of `cells` (given), or of one plain
 * skeleton line per width in `widths`.
 */
export function SkeletonRows({ count, widths, cells }: { count: number; widths?: number[]; cells?: ReactNode }) {
  return Array.from({ length: count }, (_, row) => (
    <TableRow key={row} aria-hidden>
      {cells ??
        widths?.map((width, cell) => (
          <TableCell key={cell}>
            <Skeleton width={width} />
          </TableCell>
        ))}
    </TableRow>
  ));
}

/**
 * The body of a list table: the skeleton while `loading`, one centred line saying so when
 * the list is `empty`, else the rows (`children`).
 */
export function ListTableBody({
  loading = false,
  skeleton,
  empty,
  columns,
  emptyText,
  children,
}: {
  loading?: boolean;
  skeleton?: ReactNode;
  empty: boolean;
  /** How many columns the empty line spans. */
  columns: number;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableBody>
      {loading ? (
        skeleton
      ) : empty ? (
        <TableRow>
          <TableCell colSpan={columns} align="center" sx={{ py: 6, color: 'text.secondary' }}>
            {emptyText}
          </TableCell>
        </TableRow>
      ) : (
        children
      )}
    </TableBody>
  );
}

/** What a paged list hook hands the footer: 1-based page, page size and the total. */
export interface Paging {
  totalItems: number;
  page: number;
  limit: number;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
}

/**
 * The pager under a list table, with the spec's page sizes. `paging.page` counts from 1;
 * an empty list always shows the first page.
 */
export function TablePagingFooter({ paging, labelRowsPerPage }: { paging: Paging; labelRowsPerPage?: string }) {
  return (
    <TablePagination
      component="div"
      count={paging.totalItems}
      page={paging.totalItems === 0 ? 0 : Math.max(0, paging.page - 1)}
      rowsPerPage={paging.limit}
      rowsPerPageOptions={[...PAGE_SIZES]}
      labelRowsPerPage={labelRowsPerPage}
      onPageChange={(_event, next) => paging.setPage(next + 1)}
      onRowsPerPageChange={(event) => paging.setLimit(Number(event.target.value))}
    />
  );
}

/**
 * A thin bar over a list while it fetches again (not on its first load, which has its own
 * placeholder). Its 4px are always kept, so the table does not jump when it shows.
 */
export function RefetchBar({ active, label }: { active: boolean; label?: string }) {
  return <Box sx={{ height: 4 }}>{active ? <LinearProgress aria-label={label} /> : null}</Box>;
}

/** The spinner in place of a list on its first load. */
export function ListSpinner() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
      <CircularProgress aria-label={messages.common.loading} />
    </Box>
  );
}
