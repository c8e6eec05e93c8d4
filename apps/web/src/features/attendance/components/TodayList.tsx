import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type DayVisit, deskMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { errorMessage } from '@/lib/api-errors';
import { useGetAttendanceDayQuery } from '../api/attendance-api';
import { clockTime, fullName, windowOf } from './attendance-format';
import { HistoryButton } from './HistoryButton';
import { ListSection } from './ListSection';

const a = deskMessages.attendance;

interface ListProps {
  timeZone: string;
  exporting: boolean;
  onExport: () => void;
  onHistory: (student: { id: string; name: string }) => void;
}

/** Today's visits: who, in, out (or inside now), their window and seat. */
export function TodayList({ timeZone, exporting, onExport, onHistory }: ListProps) {
  const day = useGetAttendanceDayQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 60_000 });
  const columns: ListColumn<DayVisit>[] = [
    { label: a.columns.student, cell: (row) => fullName(row), card: 'title' },
    { label: a.columns.mobile, cell: (row) => row.mobile, card: 'subtitle' },
    { label: a.columns.checkedIn, cell: (row) => clockTime(row.checked_in_at, timeZone) },
    {
      label: a.columns.checkedOut,
      cell: (row) =>
        row.checked_out_at ? (
          clockTime(row.checked_out_at, timeZone)
        ) : (
          <Chip size="small" color="success" label={a.inside} />
        ),
    },
    { label: a.columns.window, cell: (row) => windowOf(row) },
    {
      label: a.columns.seat,
      cell: (row) => (row.seat_name ? row.seat_name : deskMessages.checkIn.anySeat(row.area_name)),
    },
  ];
  const data = day.currentData;
  return (
    <ListSection
      controls={
        data ? (
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            {a.insideNow(data.inside)}
          </Typography>
        ) : null
      }
      failure={day.isError ? errorMessage(day.error, a.failed) : null}
      refreshing={day.isFetching && Boolean(data)}
      exporting={exporting}
      onRefresh={() => void day.refetch()}
      onExport={onExport}
    >
      <ListTable
        label={a.tabs.today}
        minWidth={720}
        columns={columns}
        rows={data?.visits ?? []}
        rowKey={(row) => row.id}
        loading={!data}
        emptyText={a.todayEmpty}
        actions={{
          label: a.columns.actions,
          cell: (row) => (
            <HistoryButton
              name={fullName(row)}
              onClick={() => onHistory({ id: row.student_id, name: fullName(row) })}
            />
          ),
        }}
      />
    </ListSection>
  );
}
