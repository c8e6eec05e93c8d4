import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formatDateDMY, deskMessages } from '@app/shared';
import type { MonthlyAttendance } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { errorMessage } from '@/lib/api-errors';
import { useGetMonthlyAttendanceQuery } from '../api/attendance-api';
import { fullName, recentMonths } from './attendance-format';
import { HistoryButton } from './HistoryButton';
import { ListSection } from './ListSection';

const a = deskMessages.attendance;

type MonthlyRow = MonthlyAttendance['students'][number];

interface MonthlyListProps {
  month: string;
  thisMonth: string;
  onMonth: (month: string) => void;
  exporting: boolean;
  onExport: () => void;
  onHistory: (student: { id: string; name: string }) => void;
}

/** A month's attendance: each student's days present out of the days they had a plan. */
export function MonthlyList({ month, thisMonth, onMonth, exporting, onExport, onHistory }: MonthlyListProps) {
  const list = useGetMonthlyAttendanceQuery(month, { refetchOnMountOrArgChange: true });
  const data = list.currentData;
  const columns: ListColumn<MonthlyRow>[] = [
    { label: a.columns.student, cell: (row) => fullName(row), card: 'title' },
    { label: a.columns.mobile, cell: (row) => row.mobile, card: 'subtitle' },
    {
      label: a.columns.daysPresent,
      align: 'right',
      cell: (row) => (row.plan_days > 0 ? `${row.days_present} / ${row.plan_days}` : String(row.days_present)),
    },
    { label: a.columns.lastSeen, cell: (row) => (row.last_seen ? formatDateDMY(row.last_seen) : a.never) },
  ];
  return (
    <ListSection
      controls={
        <TextField
          select
          size="small"
          label={a.month}
          value={month}
          onChange={(event) => onMonth(event.target.value)}
          sx={{ width: 200 }}
        >
          {recentMonths(thisMonth).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
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
        label={a.tabs.monthly}
        minWidth={560}
        columns={columns}
        rows={data?.students ?? []}
        rowKey={(row) => row.student_id}
        loading={!data}
        emptyText={a.monthlyEmpty}
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
