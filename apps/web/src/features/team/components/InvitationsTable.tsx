import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeDMY, type TeamInvitation, teamScreenMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { RoleChip } from './RoleChip';

const t = teamScreenMessages;
const c = t.columns;

function columns(timeZone: string): ListColumn<TeamInvitation>[] {
  return [
    { label: c.name, card: 'title', width: '22%', sx: { overflowWrap: 'anywhere' }, cell: (row) => row.name },
    { label: c.email, card: 'subtitle', width: '28%', sx: { overflowWrap: 'anywhere' }, cell: (row) => row.email },
    { label: c.role, width: '12%', cell: (row) => <RoleChip role={row.role} /> },
    {
      label: c.invitedBy,
      width: '16%',
      sx: { overflowWrap: 'anywhere' },
      cell: (row) => row.invitedBy ?? '',
    },
    {
      label: c.expires,
      width: '22%',
      sx: { fontVariantNumeric: 'tabular-nums' },
      cell: (row) =>
        row.expired ? (
          <Chip size="small" color="warning" variant="outlined" label={t.expiredChip} />
        ) : (
          <Typography variant="body2" component="span">
            {formatDateTimeDMY(row.expiresAt, timeZone)}
          </Typography>
        ),
    },
  ];
}

/** The invitations not yet accepted: send again (a new link, 7 more days) or revoke. */
export function InvitationsTable({
  invitations,
  timeZone,
  onResend,
  onRevoke,
  busy,
}: {
  invitations: TeamInvitation[];
  timeZone: string;
  onResend: (invitation: TeamInvitation) => void;
  onRevoke: (invitation: TeamInvitation) => void;
  busy: boolean;
}) {
  return (
    <ListTable
      label={t.invitationsHeading}
      minWidth={760}
      columns={columns(timeZone)}
      rows={invitations}
      rowKey={(row) => row.id}
      emptyText={t.noInvitations}
      actions={{
        label: c.actions,
        cell: (row) => (
          <Stack direction="row" spacing={1}>
            <Button size="small" disabled={busy} onClick={() => onResend(row)}>
              {t.resend}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => onRevoke(row)}>
              {t.revoke}
            </Button>
          </Stack>
        ),
      }}
    />
  );
}
