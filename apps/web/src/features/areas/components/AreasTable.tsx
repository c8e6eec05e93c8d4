import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import { type Area, type AreaSortKey, areaMessages } from '@app/shared';
import { ListTable, type ListColumn, type ListSort } from '@/components/ListTable';
import { AreaStatusChip } from './AreaStatusChip';
import { SeatBadge } from './SeatBadge';

const m = areaMessages;

export type AreaSort = ListSort<AreaSortKey>;

interface AreasTableProps {
  areas: Area[];
  /** Number of the first row on this page (the No column). */
  firstNumber: number;
  sort: AreaSort;
  emptyText: string;
  onSort: (sortBy: AreaSortKey) => void;
  /** Absent when the role may not (issue 16): no Edit button. */
  onEdit?: (area: Area) => void;
  /** Absent when the role may not delete: no Delete button. */
  onDelete?: (area: Area) => void;
}

/** The Areas Management table (SPEC.md §2): No, Area Name, Total Seats, Status, Actions. */
export function AreasTable({ areas, firstNumber, sort, emptyText, onSort, onEdit, onDelete }: AreasTableProps) {
  const columns: ListColumn<Area, AreaSortKey>[] = [
    { label: m.columns.no, width: 64, card: 'hidden', cell: (_, index) => firstNumber + index },
    {
      label: m.columns.name,
      sortBy: 'name',
      card: 'title',
      cell: (area) => (
        <>
          <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {area.name}
          </Typography>
          {area.location ? (
            <Typography variant="caption" color="text.secondary">
              {area.location}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      label: m.columns.totalSeats,
      sortBy: 'total_seats',
      cell: (area) => (
        <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
          <Box component="span" sx={{ minWidth: 28, fontVariantNumeric: 'tabular-nums' }}>
            {area.total_seats}
          </Box>
          <SeatBadge count={area.seatCount} />
        </Stack>
      ),
    },
    { label: m.columns.status, sortBy: 'status', cell: (area) => <AreaStatusChip status={area.status} /> },
  ];
  return (
    <ListTable
      label={m.heading}
      minWidth={520}
      columns={columns}
      rows={areas}
      rowKey={(area) => area.id}
      emptyText={emptyText}
      sort={sort}
      onSort={onSort}
      actions={
        onEdit || onDelete
          ? {
              label: m.columns.actions,
              cell: (area) => (
                <>
                  {onEdit ? (
                    <Tooltip title={m.editArea}>
                      <IconButton aria-label={`${m.editArea} ${area.name}`} onClick={() => onEdit(area)}>
                        <EditRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                  {onDelete ? (
                    <Tooltip title={m.deleteArea}>
                      <IconButton
                        aria-label={`${m.deleteArea} ${area.name}`}
                        color="error"
                        onClick={() => onDelete(area)}
                      >
                        <DeleteOutlineRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </>
              ),
            }
          : undefined
      }
    />
  );
}
