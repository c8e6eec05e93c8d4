import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { PAGE_SIZES, coreMessages } from '@app/shared';

/** A column's part in its row's card on a narrow list. */
export type CardPart = 'media' | 'title' | 'subtitle' | 'fact' | 'hidden';

/** One column of a list: its head, its cell, and what it becomes on a card. */
export interface ListColumn<Row, Key = never> {
  /** The column head (SPEC's name, from the catalogue); also the fact's label on a card. */
  label: string;
  /** Sorts the list by this key when the head is clicked. */
  sortBy?: Key;
  align?: 'right';
  /** Width on the table, in px or %. */
  width?: number | string;
  cell: (row: Row, index: number) => ReactNode;
  /** Style of the cell on the table. */
  sx?: SxProps<Theme>;
  /** The placeholder while the list loads; a line of text by default. */
  skeleton?: ReactNode;
  /** On a card: the picture, the title, a line under it, a labelled fact (the default), or left out. */
  card?: CardPart;
  /** The fact on a card, when it should read otherwise than the cell. */
  cardCell?: (row: Row, index: number) => ReactNode;
}

/** The row's actions: the table's last column (kept in view on the right), the card's top corner. */
export interface ListActions<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  skeleton?: ReactNode;
}

interface ListTableProps<Row, Key> {
  /** The list's accessible name: the table's or the card list's. */
  label: string;
  /**
   * The narrowest the table reads well at. A list whose own box is narrower (a phone, a
   * tablet with the sidebar open) shows each row as a card instead of scrolling sideways.
   */
  minWidth: number;
  columns: ListColumn<Row, Key>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  actions?: ListActions<Row>;
  /** Set while the rows load: placeholders and aria-busy. */
  loading?: boolean;
  /** How many placeholders while loading. */
  skeletonRows?: number;
  emptyText: ReactNode;
  sort?: ListSort<Key>;
  onSort?: (sortBy: Key) => void;
}

/**
 * Whether the element is narrower than `minWidth`, measured before paint and on every
 * resize. Unmeasured (no layout, as in jsdom) counts as wide.
 */
function useNarrowerThan(minWidth: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      if (width > 0) setNarrow(width < minWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [minWidth]);
  return [ref, narrow] as const;
}

/**
 * A list: a table with SPEC's columns where it fits, else one card per row (title, key
 * facts, the row's actions), so no list ever scrolls sideways.
 */
export function ListTable<Row, Key = never>(props: ListTableProps<Row, Key>) {
  const [ref, narrow] = useNarrowerThan(props.minWidth);
  return <Box ref={ref}>{narrow ? <ListCards {...props} /> : <WideTable {...props} />}</Box>;
}

// The actions column stays in view at the right edge, over the paper's own background.
const pinned = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  backgroundImage: 'var(--Paper-overlay)',
  whiteSpace: 'nowrap',
  width: '1%',
} as const;

// 12px between columns instead of 32, 16px at the table's edges: eight columns fit a laptop.
const compactCells = {
  '& .MuiTableCell-root': { px: 1.5 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
} as const;

function WideTable<Row, Key>({
  label,
  minWidth,
  columns,
  rows,
  rowKey,
  actions,
  loading = false,
  skeletonRows = 5,
  emptyText,
  sort,
  onSort,
}: ListTableProps<Row, Key>) {
  const skeletonCells = (
    <>
      {columns.map((column) => (
        <TableCell key={column.label} align={column.align}>
          {column.skeleton ?? <Skeleton sx={column.align ? { ml: 'auto' } : undefined} width="70%" />}
        </TableCell>
      ))}
      {actions ? (
        <TableCell align="right" sx={pinned}>
          {actions.skeleton ?? <Skeleton variant="circular" width={32} height={32} sx={{ ml: 'auto' }} />}
        </TableCell>
      ) : null}
    </>
  );
  return (
    <TableContainer>
      <Table sx={{ minWidth, ...compactCells }} aria-label={label} aria-busy={loading}>
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              column.sortBy !== undefined && sort && onSort ? (
                <SortableHeader
                  key={column.label}
                  label={column.label}
                  column={column.sortBy}
                  sort={sort}
                  onSort={onSort}
                  align={column.align}
                  sx={{ width: column.width }}
                />
              ) : (
                <TableCell key={column.label} align={column.align} sx={{ width: column.width }}>
                  {column.label}
                </TableCell>
              ),
            )}
            {actions ? (
              <TableCell align="right" sx={pinned}>
                {actions.label}
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <ListTableBody
          loading={loading}
          skeleton={<SkeletonRows count={skeletonRows} cells={skeletonCells} />}
          empty={rows.length === 0}
          columns={columns.length + (actions ? 1 : 0)}
          emptyText={emptyText}
        >
          {rows.map((row, index) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align} sx={column.sx}>
                  {column.cell(row, index)}
                </TableCell>
              ))}
              {actions ? (
                <TableCell align="right" sx={pinned}>
                  {actions.cell(row)}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </ListTableBody>
      </Table>
    </TableContainer>
  );
}

const cardPart = <Row, Key>(columns: ListColumn<Row, Key>[], part: CardPart) =>
  columns.filter((column) => (column.card ?? 'fact') === part);

function CardSkeleton() {
  return (
    <Box component="li" aria-hidden sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Skeleton width="45%" />
      <Skeleton width="80%" />
      <Skeleton width="60%" />
    </Box>
  );
}

/** The list as cards: one per row, with its title, the line under it, its facts and its actions. */
function ListCards<Row, Key>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  loading = false,
  skeletonRows = 5,
  emptyText,
}: ListTableProps<Row, Key>) {
  const media = cardPart(columns, 'media');
  const titles = cardPart(columns, 'title');
  const subtitles = cardPart(columns, 'subtitle');
  const facts = cardPart(columns, 'fact');
  if (!loading && rows.length === 0) {
    return (
      <Typography align="center" color="text.secondary" sx={{ py: 6, px: 2 }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} aria-busy={loading} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {loading
        ? Array.from({ length: skeletonRows }, (_, index) => <CardSkeleton key={index} />)
        : rows.map((row, index) => (
            <Box component="li" key={rowKey(row)} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                {media.map((column) => (
                  <Box key={column.label} sx={{ flexShrink: 0 }}>
                    {column.cell(row, index)}
                  </Box>
                ))}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {titles.map((column) => (
                    <Typography key={column.label} component="div" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                      {column.cell(row, index)}
                    </Typography>
                  ))}
                  {subtitles.map((column) => (
                    <Typography
                      key={column.label}
                      component="div"
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'break-word' }}
                    >
                      {(column.cardCell ?? column.cell)(row, index)}
                    </Typography>
                  ))}
                </Box>
                {actions ? (
                  <Box sx={{ flexShrink: 0, mr: -1, mt: -0.5, whiteSpace: 'nowrap' }}>{actions.cell(row)}</Box>
                ) : null}
              </Stack>
              {facts.length > 0 ? (
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    mt: 1,
                    display: 'grid',
                    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 9.5rem), 1fr))',
                    columnGap: 2,
                    rowGap: 1,
                  }}
                >
                  {facts.map((column) => (
                    <Box key={column.label} sx={{ minWidth: 0 }}>
                      <Typography component="dt" variant="caption" color="text.secondary">
                        {column.label}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'break-word' }}>
                        {(column.cardCell ?? column.cell)(row, index)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              ) : null}
            </Box>
          ))}
    </Box>
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
      <CircularProgress aria-label={coreMessages.common.loading} />
    </Box>
  );
}
