import { useState } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import { formatDateTimeDMY, type TeamPerson, teamScreenMessages } from '@app/shared';
import { ListTable, type ListColumn } from '@/components/ListTable';
import { RoleChip } from './RoleChip';

const t = teamScreenMessages;
const c = t.columns;

export type PersonAction = 'role' | 'deactivate' | 'reactivate' | 'activity';

function PersonMenu({ person, onAction }: { person: TeamPerson; onAction: (action: PersonAction) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: PersonAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t.actionsOf(person.name)}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('role')}>{t.changeRole}</MenuItem>
        <MenuItem onClick={() => pick('activity')}>{t.activity}</MenuItem>
        {/* Nobody deactivates themselves: another owner can. */}
        {person.isSelf ? null : person.active ? (
          <MenuItem onClick={() => pick('deactivate')} sx={{ color: 'error.main' }}>
            {t.deactivate}
          </MenuItem>
        ) : (
          <MenuItem onClick={() => pick('reactivate')}>{t.reactivate}</MenuItem>
        )}
      </Menu>
    </>
  );
}

function columns(timeZone: string): ListColumn<TeamPerson>[] {
  return [
    {
      label: c.name,
      card: 'title',
      width: '22%',
      sx: { overflowWrap: 'anywhere' },
      cell: (person) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{person.name}</span>
          {person.isSelf ? <Chip size="small" label={t.you} /> : null}
        </Stack>
      ),
    },
    {
      label: c.email,
      card: 'subtitle',
      width: '26%',
      sx: { overflowWrap: 'anywhere' },
      cell: (person) => person.email,
    },
    // A person who joined by invitation may have given no mobile number.
    { label: c.phone, width: '13%', sx: { whiteSpace: 'nowrap' }, cell: (person) => person.phone || '–' },
    { label: c.role, width: '11%', cell: (person) => <RoleChip role={person.role} /> },
    {
      label: c.status,
      width: '14%',
      cell: (person) =>
        !person.active ? (
          <Chip size="small" color="error" variant="outlined" label={t.deactivatedLabel} />
        ) : person.mustChangePassword ? (
          <Chip size="small" color="warning" variant="outlined" label={t.mustChangePasswordChip} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={t.active} />
        ),
    },
    {
      label: c.lastSignIn,
      width: '14%',
      sx: { fontVariantNumeric: 'tabular-nums' },
      cell: (person) =>
        person.lastSignInAt ? (
          formatDateTimeDMY(person.lastSignInAt, timeZone)
        ) : (
          <Typography variant="body2" component="span" color="text.secondary">
            {t.neverSignedIn}
          </Typography>
        ),
    },
  ];
}

/** The team's people: name, email, mobile, role, whether active, last sign-in, and a menu of actions. */
export function PeopleTable({
  people,
  loading,
  timeZone,
  onAction,
}: {
  people: TeamPerson[];
  loading: boolean;
  timeZone: string;
  onAction: (person: TeamPerson, action: PersonAction) => void;
}) {
  return (
    <ListTable
      label={t.peopleHeading}
      minWidth={820}
      columns={columns(timeZone)}
      rows={people}
      rowKey={(person) => person.id}
      loading={loading}
      skeletonRows={3}
      emptyText={t.noPeople}
      actions={{
        label: c.actions,
        cell: (person) => <PersonMenu person={person} onAction={(action) => onAction(person, action)} />,
      }}
    />
  );
}
