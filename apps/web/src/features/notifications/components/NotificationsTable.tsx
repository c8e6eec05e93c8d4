import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTimeDMY, messages, type NotificationRecord } from '@app/shared';
import { ListTable, ListTableBody, SkeletonRows } from '@/components/ListTable';
import { AudienceChip } from './AudienceChip';

const h = messages.notification.history;
const COLUMNS = [
  h.columns.sentAt,
  h.columns.notification,
  h.columns.audience,
  h.columns.students,
  h.columns.devices,
  h.columns.delivered,
  h.columns.failed,
];
const numeric = {
  align: 'right' as const,
  sx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', verticalAlign: 'top' },
};

interface NotificationsTableProps {
  notifications: NotificationRecord[];
  loading: boolean;
  skeletonRows: number;
  timeZone: string;
}

const skeletonCells = (
  <>
    <TableCell>
      <Skeleton width={130} />
    </TableCell>
    <TableCell>
      <Skeleton width={180} />
      <Skeleton width={240} />
    </TableCell>
    <TableCell>
      <Skeleton variant="rounded" width={72} height={24} />
    </TableCell>
    {[0, 1, 2, 3].map((cell) => (
      <TableCell key={cell} align="right">
        <Skeleton width={24} sx={{ ml: 'auto' }} />
      </TableCell>
    ))}
  </>
);

/** Past notifications: when, what, to whom, and how many phones they reached. */
export function NotificationsTable({ notifications, loading, skeletonRows, timeZone }: NotificationsTableProps) {
  return (
    <ListTable label={h.heading} minWidth={820} busy={loading}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((label, index) => (
            <TableCell key={label} align={index >= 3 ? 'right' : undefined}>
              {label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <ListTableBody
        loading={loading}
        skeleton={<SkeletonRows count={skeletonRows} cells={skeletonCells} />}
        empty={notifications.length === 0}
        columns={COLUMNS.length}
        emptyText={h.empty}
      >
        {notifications.map((row) => (
          <TableRow key={row.id} hover>
            <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {formatDateTimeDMY(row.created_at, timeZone)}
              {row.sent_by ? (
                <Typography variant="caption" color="text.secondary" component="div">
                  {h.sentBy(row.sent_by)}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell sx={{ maxWidth: 360, verticalAlign: 'top' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.title}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                title={row.body}
                sx={{
                  overflowWrap: 'anywhere',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {row.body}
              </Typography>
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top' }}>
              <AudienceChip premiumOnly={row.premium_only} />
            </TableCell>
            <TableCell {...numeric}>{row.audience_count}</TableCell>
            <TableCell {...numeric}>{row.device_count}</TableCell>
            <TableCell {...numeric}>
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
            </TableCell>
            <TableCell {...numeric}>
              <Typography variant="body2" sx={{ color: row.failed_count > 0 ? 'error.main' : undefined }}>
                {row.failed_count}
              </Typography>
            </TableCell>
          </TableRow>
        ))}
      </ListTableBody>
    </ListTable>
  );
}
