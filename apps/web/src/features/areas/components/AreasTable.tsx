import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { messages, type Area, type AreaSortKey } from '@app/shared';
import { AreaStatusChip } from './AreaStatusChip';
import { SeatBadge } from './SeatBadge';

const m = messages.areas;

export interface AreaSort {
  sortBy: AreaSortKey;
  sortOrder: 'ASC' | 'DESC';
}

interface AreasTableProps {
  areas: Area[];
  /** Number of the first row on this page (the No column). */
  firstNumber: number;
  sort: AreaSort;
  emptyText: string;
  onSort: (sortBy: AreaSortKey) => void;
  onEdit: (area: Area) => void;
  onDelete: (area: Area) => void;
}

function SortableHeader({
  label,
  column,
  sort,
  onSort,
  align,
}: {
  label: string;
  column: AreaSortKey;
  sort: AreaSort;
  onSort: (sortBy: AreaSortKey) => void;
  align?: 'right';
}) {
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

/** The Areas Management table (SPEC.md §2): No, Area Name, Total Seats, Status, Actions. */
export function AreasTable({ areas, firstNumber, sort, emptyText, onSort, onEdit, onDelete }: AreasTableProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    // On a phone the table keeps every spec column and scrolls sideways.
    <TableContainer>
      <Table size={narrow ? 'small' : 'medium'} sx={{ minWidth: 520 }} aria-label={m.heading}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 64 }}>{m.columns.no}</TableCell>
            <SortableHeader label={m.columns.name} column="name" sort={sort} onSort={onSort} />
            <SortableHeader label={m.columns.totalSeats} column="total_seats" sort={sort} onSort={onSort} />
            <SortableHeader label={m.columns.status} column="status" sort={sort} onSort={onSort} />
            <TableCell align="right">{m.columns.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {areas.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            areas.map((area, index) => (
              <TableRow key={area.id} hover>
                <TableCell>{firstNumber + index}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {area.name}
                  </Typography>
                  {area.location ? (
                    <Typography variant="caption" color="text.secondary">
                      {area.location}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
                    <Box component="span" sx={{ minWidth: 28, fontVariantNumeric: 'tabular-nums' }}>
                      {area.total_seats}
                    </Box>
                    <SeatBadge count={area.seatCount} />
                  </Stack>
                </TableCell>
                <TableCell>
                  <AreaStatusChip status={area.status} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={m.editArea}>
                    <IconButton aria-label={`${m.editArea} ${area.name}`} onClick={() => onEdit(area)}>
                      <EditRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={m.deleteArea}>
                    <IconButton
                      aria-label={`${m.deleteArea} ${area.name}`}
                      color="error"
                      onClick={() => onDelete(area)}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
