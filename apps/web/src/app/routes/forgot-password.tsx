import { passwordResetMessages, coreMessages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';

const m = passwordResetMessages;

/** /forgot-password (issue 16), where the sign-in page's "Forgot password?" leads. */
export function ForgotPasswordRoute() {
  return (
    <AuthLayout title={m.forgotTitle} subtitle={m.forgotSubtitle}>
      <title>{`${m.forgotTitle} · ${coreMessages.app.name}`}</title>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
