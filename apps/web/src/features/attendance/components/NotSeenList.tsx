import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formatDateDMY, deskMessages } from '@app/shared';
import type { NotSeen } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { errorMessage } from '@/lib/api-errors';
import { useGetNotSeenQuery } from '../api/attendance-api';
import { fullName, windowOf } from './attendance-format';
import { HistoryButton } from './HistoryButton';
import { ListSection } from './ListSection';

const a = deskMessages.attendance;
export const NOT_SEEN_CHOICES = [1, 2, 3, 5, 7, 10, 15, 30];

type NotSeenRow = NotSeen['students'][number];

interface NotSeenListProps {
  days: number;
  onDays: (days: number) => void;
  exporting: boolean;
  onExport: () => void;
  onHistory: (student: { id: string; name: string }) => void;
}

/** Students with a plan active today not seen for N days: the early warning of one about to leave. */
export function NotSeenList({ days, onDays, exporting, onExport, onHistory }: NotSeenListProps) {
  const list = useGetNotSeenQuery(days, { refetchOnMountOrArgChange: true });
  const data = list.currentData;
  const columns: ListColumn<NotSeenRow>[] = [
    { label: a.columns.student, cell: (row) => fullName(row), card: 'title' },
    { label: a.columns.mobile, cell: (row) => row.mobile, card: 'subtitle' },
    { label: a.columns.lastSeen, cell: (row) => (row.last_seen ? formatDateDMY(row.last_seen) : a.never) },
    { label: a.notSeenDays, cell: (row) => a.notSeenOption(row.days_absent) },
    { label: a.columns.window, cell: (row) => windowOf(row) },
    { label: a.columns.expires, cell: (row) => formatDateDMY(row.plan_expires_at) },
  ];
  return (
    <ListSection
      controls={
        <TextField
          select
          size="small"
          label={a.notSeenDays}
          value={days}
          onChange={(event) => onDays(Number(event.target.value))}
          sx={{ width: 160 }}
        >
          {NOT_SEEN_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {a.notSeenOption(choice)}
            </MenuItem>
          ))}
        </TextField>
      }
      failure={list.isError ? errorMessage(list.error, a.failed) : null}
      refreshing={list.isFetching && Boolean(data)}
      exporting={exporting}
      onRefresh={() => void list.refetch()}
      onExport={onExport}
    >
      <ListTable
        label={a.tabs.notSeen}
        minWidth={720}
        columns={columns}
        rows={data?.students ?? []}
        rowKey={(row) => row.student_id}
        loading={!data}
        emptyText={a.notSeenEmpty(days)}
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
