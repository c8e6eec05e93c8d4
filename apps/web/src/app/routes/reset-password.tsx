import { useLocation } from 'react-router';
import { passwordResetMessages, coreMessages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';

const m = passwordResetMessages;

/** /reset-password#token=... (issue 16): the emailed link, open whether signed in or not. */
export function ResetPasswordRoute() {
  const { hash } = useLocation();
  return (
    <AuthLayout title={m.resetTitle} subtitle={m.resetSubtitle}>
      <title>{`${m.resetTitle} · ${coreMessages.app.name}`}</title>
      <ResetPasswordForm hash={hash} />
    </AuthLayout>
  );
}
