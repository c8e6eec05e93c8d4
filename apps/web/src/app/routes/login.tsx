import { messages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { LoginForm } from '@/features/auth/components/LoginForm';

export function LoginRoute() {
  return (
    <AuthLayout title={messages.login.title} subtitle={messages.login.subtitle}>
      <title>{`${messages.login.title} · ${messages.app.name}`}</title>
      <LoginForm />
    </AuthLayout>
  );
}
