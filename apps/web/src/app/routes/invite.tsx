import { useLocation } from 'react-router';
import { teamScreenMessages, coreMessages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { useStartSession } from '@/features/auth/hooks/use-start-session';
import { InviteForm } from '@/features/team/components/InviteForm';

const p = teamScreenMessages.invitePage;

/** /invite#token=...: the team feature's join form in the auth frame; joining signs in as sign-in does. */
export function InviteRoute() {
  const { hash } = useLocation();
  const startSession = useStartSession(p.failed);
  return (
    <AuthLayout title={p.title} subtitle={p.subtitle}>
      <title>{`${p.title} · ${coreMessages.app.name}`}</title>
      <InviteForm hash={hash} onJoined={(response) => void startSession(response)} />
    </AuthLayout>
  );
}
