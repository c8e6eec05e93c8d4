import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateDMY, formatMonth, todayIn, coreMessages, deskMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useGetStudentAttendanceQuery } from '../api/attendance-api';
import { clockTime, recentMonths } from './attendance-format';

const a = deskMessages.attendance;

interface StudentHistoryDialogProps {
  studentId: string;
  studentName: string;
  onClose: () => void;
}

/** One student's visits in a month (this month first), days present, and the last months' days. */
export function StudentHistoryDialog({ studentId, studentName, onClose }: StudentHistoryDialogProps) {
  const timeZone = useLibraryTimeZone();
  const thisMonth = todayIn(timeZone).slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const history = useGetStudentAttendanceQuery({ studentId, month }, { refetchOnMountOrArgChange: true });
  const data = history.currentData;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="attendance-history-title">
      <DialogTitle id="attendance-history-title">{a.historyTitle(studentName)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            size="small"
            label={a.month}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            sx={{ maxWidth: 240 }}
          >
            {recentMonths(thisMonth).map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          {history.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void history.refetch()}>
                  {a.retry}
                </Button>
              }
            >
              {errorMessage(history.error, a.historyFailed)}
            </Alert>
          ) : !data ? (
            <Stack spacing={1} aria-busy aria-label={coreMessages.common.loading}>
              <Skeleton width="40%" />
              <Skeleton variant="rounded" height={120} />
            </Stack>
          ) : (
            <>
              <Typography sx={{ fontWeight: 600 }}>{a.historyDays(data.days_present)}</Typography>
              {data.visits.length === 0 ? (
                <Typography color="text.secondary">{a.historyEmpty}</Typography>
              ) : (
                <Table size="small" aria-label={a.history}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{a.columns.date}</TableCell>
                      <TableCell>{a.columns.checkedIn}</TableCell>
                      <TableCell>{a.columns.checkedOut}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.visits.map((visit) => (
                      <TableRow key={visit.id}>
                        <TableCell>{formatDateDMY(visit.day)}</TableCell>
                        <TableCell>{clockTime(visit.checked_in_at, timeZone)}</TableCell>
                        <TableCell>
                          {visit.checked_out_at ? clockTime(visit.checked_out_at, timeZone) : a.inside}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
              {data.months.length > 0 ? (
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label={a.columns.daysPresent}>
                  {data.months.map((row) => (
                    <Chip
                      key={row.month}
                      size="small"
                      variant={row.month === month ? 'filled' : 'outlined'}
                      label={`${formatMonth(row.month)}: ${row.days_present}`}
                    />
                  ))}
                </Stack>
              ) : null}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{a.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
