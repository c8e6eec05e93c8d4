import { teamScreenMessages, coreMessages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { MustChangePasswordForm } from '@/features/team/components/MustChangePasswordForm';

const t = teamScreenMessages.mustChange;

/** The must-change-password screen: the auth frame around the team feature's form, with sign-out. */
export function MustChangePasswordRoute() {
  const { signOut } = useLogout();
  return (
    <AuthLayout title={t.title} subtitle={t.intro}>
      <title>{`${t.title} · ${coreMessages.app.name}`}</title>
      <MustChangePasswordForm onSignOut={() => void signOut()} />
    </AuthLayout>
  );
}
