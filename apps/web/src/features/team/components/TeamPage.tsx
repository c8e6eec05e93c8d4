import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import { toast } from '@/lib/toast';
import {
  type PersonCreated,
  type TeamInvitation,
  type TeamPerson,
  teamScreenMessages,
  coreMessages,
  teamMessages,
} from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ErrorScreen } from '@/components/ErrorScreen';
import { lazyDialog } from '@/components/lazy-dialog';
import { RefetchBar } from '@/components/ListTable';
import { PageHeading } from '@/components/PageHeading';
import { errorMessage } from '@/lib/api-errors';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import {
  useDeactivatePersonMutation,
  useGetTeamQuery,
  useReactivatePersonMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from '../api/team-api';
import { InvitationsTable } from './InvitationsTable';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { PeopleTable, type PersonAction } from './PeopleTable';
import { PersonActivityDialog, TeamActivityList } from './TeamActivity';

const t = teamScreenMessages;

// Loaded when first opened (issue 18): their forms, react-hook-form and the team's schemas are not the list's.
const PersonDialog = lazyDialog(() => import('./PersonDialog').then((d) => d.PersonDialog));
const RoleDialog = lazyDialog(() => import('./RoleDialog').then((d) => d.RoleDialog));

/** The dialog open now. Confirmations keep their row while they fade (`open: false`). */
type Open =
  | { kind: 'person' }
  | { kind: 'created'; created: PersonCreated }
  | { kind: 'role'; person: TeamPerson }
  | { kind: 'activity'; person: TeamPerson }
  | null;
type Asked<Row> = { row: Row; open: boolean } | null;
const dismissed = <Row,>(asked: Asked<Row>): Asked<Row> => (asked ? { ...asked, open: false } : null);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack spacing={1.5} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Paper sx={{ overflow: 'hidden' }}>{children}</Paper>
    </Stack>
  );
}

/** The owner's Team screen (issue 16): people and roles, open invitations, and the team's recent activity. */
export function TeamPage() {
  const timeZone = useLibraryTimeZone();
  const query = useGetTeamQuery();
  const [open, setOpen] = useState<Open>(null);
  const [toggling, setToggling] = useState<Asked<{ person: TeamPerson; to: 'deactivate' | 'reactivate' }>>(null);
  const [revoking, setRevoking] = useState<Asked<TeamInvitation>>(null);
  const [deactivate, deactivation] = useDeactivatePersonMutation();
  const [reactivate, reactivation] = useReactivatePersonMutation();
  const [resend, resending] = useResendInvitationMutation();
  const [revoke, revocation] = useRevokeInvitationMutation();
  const team = query.data;
  const mail = team?.mailConfigured ?? true;

  const run = async (call: () => Promise<unknown>, success: string) => {
    try {
      await call();
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, t.actionFailed));
      return false;
    }
  };

  const onPersonAction = (person: TeamPerson, action: PersonAction) => {
    if (action === 'role') setOpen({ kind: 'role', person });
    else if (action === 'activity') setOpen({ kind: 'activity', person });
    else setToggling({ row: { person, to: action }, open: true });
  };

  const confirmToggle = async () => {
    if (!toggling) return;
    const { person, to } = toggling.row;
    const done =
      to === 'deactivate'
        ? await run(() => deactivate(person.id).unwrap(), teamMessages.deactivated)
        : await run(() => reactivate(person.id).unwrap(), teamMessages.reactivated);
    if (done) setToggling(dismissed);
  };
  const confirmRevoke = async () => {
    if (revoking && (await run(() => revoke(revoking.row.id).unwrap(), teamMessages.revoked))) setRevoking(dismissed);
  };

  return (
    <Stack spacing={3}>
      <PageHeading title={t.title} subtitle={t.subtitle}>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Rounded />}
          disabled={!team}
          onClick={() => setOpen({ kind: 'person' })}
        >
          {mail ? t.invite : t.addPerson}
        </Button>
      </PageHeading>

      {query.isError ? (
        <Paper>
          <ErrorScreen detail={errorMessage(query.error, t.actionFailed)} onRefresh={() => void query.refetch()} />
        </Paper>
      ) : (
        <>
          {team && !team.mailConfigured ? <Alert severity="info">{t.mailNotSetUp}</Alert> : null}
          <Section title={t.peopleHeading}>
            <RefetchBar active={query.isFetching && Boolean(team)} label={coreMessages.common.loading} />
            <PeopleTable people={team?.people ?? []} loading={!team} timeZone={timeZone} onAction={onPersonAction} />
          </Section>
          {team && team.invitations.length > 0 ? (
            <Section title={t.invitationsHeading}>
              <InvitationsTable
                invitations={team.invitations}
                timeZone={timeZone}
                busy={resending.isLoading || revocation.isLoading}
                onResend={(invitation) => void run(() => resend(invitation.id).unwrap(), teamMessages.resent)}
                onRevoke={(invitation) => setRevoking({ row: invitation, open: true })}
              />
            </Section>
          ) : null}
          <Section title={t.teamActivityHeading}>
            <TeamActivityList timeZone={timeZone} />
          </Section>
        </>
      )}

      {open?.kind === 'person' ? (
        <PersonDialog
          mode={mail ? 'invite' : 'add'}
          onClose={() => setOpen((now) => (now?.kind === 'person' ? null : now))}
          onAdded={(created) => setOpen({ kind: 'created', created })}
        />
      ) : null}
      {open?.kind === 'created' ? <OneTimePasswordDialog created={open.created} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'role' ? <RoleDialog person={open.person} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'activity' ? (
        <PersonActivityDialog person={open.person} timeZone={timeZone} onClose={() => setOpen(null)} />
      ) : null}
      <ConfirmDialog
        open={toggling?.open ?? false}
        title={toggling?.row.to === 'reactivate' ? t.reactivateTitle : t.deactivateTitle}
        text={
          toggling
            ? toggling.row.to === 'reactivate'
              ? t.reactivateConfirm(toggling.row.person.name)
              : t.deactivateConfirm(toggling.row.person.name)
            : ''
        }
        confirmLabel={toggling?.row.to === 'reactivate' ? t.reactivate : t.deactivate}
        busyLabel={toggling?.row.to === 'reactivate' ? t.reactivating : t.deactivating}
        destructive={toggling?.row.to !== 'reactivate'}
        busy={deactivation.isLoading || reactivation.isLoading}
        onConfirm={() => void confirmToggle()}
        onClose={() => setToggling(dismissed)}
      />
      <ConfirmDialog
        open={revoking?.open ?? false}
        title={t.revokeTitle}
        text={revoking ? t.revokeConfirm(revoking.row.email) : ''}
        confirmLabel={t.revoke}
        busyLabel={t.revoking}
        busy={revocation.isLoading}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(dismissed)}
      />
    </Stack>
  );
}
