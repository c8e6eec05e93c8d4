import { coreMessages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { LoginForm } from '@/features/auth/components/LoginForm';

export function LoginRoute() {
  return (
    <AuthLayout title={coreMessages.login.title} subtitle={coreMessages.login.subtitle}>
      <title>{`${coreMessages.login.title} · ${coreMessages.app.name}`}</title>
      <LoginForm />
    </AuthLayout>
  );
}
