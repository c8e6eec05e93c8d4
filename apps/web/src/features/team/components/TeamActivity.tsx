import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { AUDIT_ACTION_LABELS, formatDateTimeDMY, type TeamActivityEntry, teamScreenMessages } from '@app/shared';
import { ErrorScreen } from '@/components/ErrorScreen';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { errorMessage } from '@/lib/api-errors';
import { auditDetailText } from '@/lib/audit-detail';
import { useGetTeamActivityQuery } from '../api/team-api';

const t = teamScreenMessages;

function columns(timeZone: string, withWho: boolean): ListColumn<TeamActivityEntry>[] {
  const list: ListColumn<TeamActivityEntry>[] = [
    {
      label: t.activityWhen,
      width: '30%',
      card: 'subtitle',
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
      cell: (entry) => formatDateTimeDMY(entry.created_at, timeZone),
    },
    {
      label: t.activityWhat,
      card: 'title',
      sx: { overflowWrap: 'anywhere' },
      cell: (entry) => (
        <>
          {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
          {entry.detail ? (
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}>
              {auditDetailText(entry.action, entry.detail)}
            </Box>
          ) : null}
        </>
      ),
    },
  ];
  if (withWho) {
    list.splice(1, 0, {
      label: t.activityWho,
      width: '25%',
      sx: { overflowWrap: 'anywhere' },
      cell: (entry) => entry.admin_name ?? '',
    });
  }
  return list;
}

/** The team's newest audit entries: everyone's (with who) or one person's. */
export function TeamActivityList({ person, timeZone }: { person?: string; timeZone: string }) {
  const query = useGetTeamActivityQuery({ person, limit: person ? 50 : 20 });
  if (query.isError) {
    return <ErrorScreen detail={errorMessage(query.error, t.actionFailed)} onRefresh={() => void query.refetch()} />;
  }
  return (
    <ListTable
      label={t.teamActivityHeading}
      minWidth={person ? 420 : 560}
      columns={columns(timeZone, !person)}
      rows={query.data?.entries ?? []}
      rowKey={(entry) => entry.id}
      loading={query.isLoading}
      skeletonRows={4}
      emptyText={t.activityEmpty}
    />
  );
}

/** One person's recent activity, in a dialog opened from their row. */
export function PersonActivityDialog({
  person,
  timeZone,
  onClose,
}: {
  person: { id: string; name: string };
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="person-activity-title">
      <DialogTitle id="person-activity-title">{t.activityTitle(person.name)}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <TeamActivityList person={person.id} timeZone={timeZone} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
