import { lazy, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendRounded from '@mui/icons-material/SendRounded';
import { coreMessages, notificationMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { RefetchBar, TablePagingFooter } from '@/components/ListTable';
import { useNotificationHistory } from '../hooks/use-notification-history';
import { WhenOpened } from '@/components/WhenOpened';
import { NotificationsTable } from './NotificationsTable';
import { useCan } from '@/lib/use-can';

const h = notificationMessages.history;
// Loaded with the click that opens it (issue 18).
const NotificationDialog = lazy(() => import('./NotificationDialog').then((m) => ({ default: m.NotificationDialog })));

/** The notification history: what was sent, to whom, and how many phones it reached. */
export function NotificationsPage() {
  const history = useNotificationHistory();
  const timeZone = useLibraryTimeZone();
  const [composing, setComposing] = useState(false);
  const maySend = useCan('notifications.send');
  const { isLoading, isFetching, isError, refetch } = history.query;

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h4" component="h1">
            {h.heading}
          </Typography>
          <Typography color="text.secondary">{h.subtitle}</Typography>
        </Box>
        {/* Issue 16: a notification to every student is not the desk's to send. */}
        {maySend ? (
          <Button variant="contained" startIcon={<SendRounded />} onClick={() => setComposing(true)}>
            {h.sendNew}
          </Button>
        ) : null}
      </Stack>

      <Paper sx={{ overflow: 'hidden' }}>
        {isError ? (
          <ErrorScreen onRefresh={() => void refetch()} />
        ) : (
          <>
            <RefetchBar active={isFetching && !isLoading} label={coreMessages.common.loading} />
            <NotificationsTable
              notifications={history.notifications}
              loading={isLoading}
              skeletonRows={Math.min(history.limit, 5)}
              timeZone={timeZone}
            />
            <TablePagingFooter paging={history} />
          </>
        )}
      </Paper>

      <WhenOpened open={composing}>
        <NotificationDialog open={composing} onClose={() => setComposing(false)} />
      </WhenOpened>
    </Stack>
  );
}
