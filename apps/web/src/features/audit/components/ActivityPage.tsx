import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTION_LABELS, auditMessages, coreMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { useActivityLog } from '../hooks/use-activity-log';
import { ActivityTable } from './ActivityTable';

const m = auditMessages;
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS);

/** Activity: the library's audit log, newest first, for the owner to read. */
export function ActivityPage() {
  const log = useActivityLog();
  const timeZone = useLibraryTimeZone();
  const { isLoading, isFetching, isError, refetch } = log.query;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1">
          {m.heading}
        </Typography>
        <Typography color="text.secondary">{m.subtitle}</Typography>
      </Box>

      <Paper sx={{ overflow: 'hidden' }}>
        <Box sx={{ p: 2 }}>
          <TextField
            select
            size="small"
            label={m.actionFilter}
            value={log.action}
            onChange={(event) => log.setAction(event.target.value)}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{m.allActions}</MenuItem>
            {ACTION_OPTIONS.map(([action, label]) => (
              <MenuItem key={action} value={action}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {isError ? (
          <ErrorScreen onRefresh={() => void refetch()} />
        ) : (
          <>
            <RefetchBar active={isFetching && !isLoading} label={coreMessages.common.loading} />
            <ActivityTable
              entries={log.entries}
              loading={isLoading}
              skeletonRows={Math.min(log.limit, 5)}
              emptyText={log.action ? m.emptyForAction : m.empty}
              timeZone={timeZone}
            />
            <TablePagingFooter paging={log} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
