import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { messages, type Area, type AreaSortKey } from '@app/shared';
import { ListTable, ListTableBody, SortableHeader, type ListSort } from '@/components/ListTable';
import { AreaStatusChip } from './AreaStatusChip';
import { SeatBadge } from './SeatBadge';

const m = messages.areas;

export type AreaSort = ListSort<AreaSortKey>;

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

/** The Areas Management table (SPEC.md §2): No, Area Name, Total Seats, Status, Actions. */
export function AreasTable({ areas, firstNumber, sort, emptyText, onSort, onEdit, onDelete }: AreasTableProps) {
  return (
    <ListTable label={m.heading} minWidth={520} denseOnPhone>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 64 }}>{m.columns.no}</TableCell>
          <SortableHeader label={m.columns.name} column="name" sort={sort} onSort={onSort} />
          <SortableHeader label={m.columns.totalSeats} column="total_seats" sort={sort} onSort={onSort} />
          <SortableHeader label={m.columns.status} column="status" sort={sort} onSort={onSort} />
          <TableCell align="right">{m.columns.actions}</TableCell>
        </TableRow>
      </TableHead>
      <ListTableBody empty={areas.length === 0} columns={5} emptyText={emptyText}>
        {areas.map((area, index) => (
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
                <IconButton aria-label={`${m.deleteArea} ${area.name}`} color="error" onClick={() => onDelete(area)}>
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </ListTableBody>
    </ListTable>
  );
}
