import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeDMY, type NotificationRecord, notificationMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { AudienceChip } from './AudienceChip';

const h = notificationMessages.history;
const numeric = {
  align: 'right' as const,
  sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', verticalAlign: 'top' },
  skeleton: <Skeleton width={24} sx={{ ml: 'auto' }} />,
};
const top = { verticalAlign: 'top' } as const;

interface NotificationsTableProps {
  notifications: NotificationRecord[];
  loading: boolean;
  skeletonRows: number;
  timeZone: string;
}

function columns(timeZone: string): ListColumn<NotificationRecord>[] {
  const c = h.columns;
  return [
    {
      label: c.sentAt,
      card: 'subtitle',
      sx: { ...top, whiteSpace: 'nowrap' },
      cell: (row) => (
        <>
          {formatDateTimeDMY(row.created_at, timeZone)}
          {row.sent_by ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {h.sentBy(row.sent_by)}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      label: c.notification,
      card: 'title',
      sx: { ...top, maxWidth: 360 },
      skeleton: (
        <>
          <Skeleton width={180} />
          <Skeleton width={240} />
        </>
      ),
      cell: (row) => (
        <>
          <Typography variant="body2" component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.title}
          </Typography>
          <Typography
            variant="body2"
            component="div"
            color="text.secondary"
            title={row.body}
            sx={{
              fontWeight: 400,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {row.body}
          </Typography>
        </>
      ),
    },
    {
      label: c.audience,
      sx: top,
      skeleton: <Skeleton variant="rounded" width={72} height={24} />,
      cell: (row) => <AudienceChip premiumOnly={row.premium_only} />,
    },
    { label: c.students, ...numeric, cell: (row) => row.audience_count },
    { label: c.devices, ...numeric, cell: (row) => row.device_count },
    {
      label: c.delivered,
      ...numeric,
      cell: (row) => (
        <Stack sx={{ alignItems: 'flex-end' }}>
          <Typography variant="body2" sx={{ color: row.delivered_count > 0 ? 'success.main' : undefined }}>
            {row.delivered_count}
          </Typography>
          {row.pending_count > 0 ? (
            <Typography variant="caption" color="text.secondary">
              {h.pending(row.pending_count)}
            </Typography>
          ) : null}
        </Stack>
      ),
      cardCell: (row) => (
        <>
          <Box component="span" sx={{ color: row.delivered_count > 0 ? 'success.main' : undefined }}>
            {row.delivered_count}
          </Box>
          {row.pending_count > 0 ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {h.pending(row.pending_count)}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      label: c.failed,
      ...numeric,
      cell: (row) => (
        <Typography variant="body2" component="span" sx={{ color: row.failed_count > 0 ? 'error.main' : undefined }}>
          {row.failed_count}
        </Typography>
      ),
    },
  ];
}

/** Past notifications: when, what, to whom, and how many phones they reached. */
export function NotificationsTable({ notifications, loading, skeletonRows, timeZone }: NotificationsTableProps) {
  return (
    <ListTable
      label={h.heading}
      minWidth={760}
      columns={columns(timeZone)}
      rows={notifications}
      rowKey={(row) => row.id}
      loading={loading}
      skeletonRows={skeletonRows}
      emptyText={h.empty}
    />
  );
}
