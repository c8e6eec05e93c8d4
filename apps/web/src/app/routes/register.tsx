import { messages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { RegistrationForm } from '@/features/auth/components/RegistrationForm';

export function RegisterRoute() {
  return (
    <AuthLayout title={messages.registration.title} subtitle={messages.registration.subtitle} wide>
      <title>{`${messages.registration.title} · ${messages.app.name}`}</title>
      <RegistrationForm />
    </AuthLayout>
  );
}
