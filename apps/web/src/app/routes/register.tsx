import { coreMessages } from '@app/shared';
import { AuthLayout } from '@/features/auth/components/AuthLayout';
import { RegistrationForm } from '@/features/auth/components/RegistrationForm';

export function RegisterRoute() {
  return (
    <AuthLayout title={coreMessages.registration.title} subtitle={coreMessages.registration.subtitle} wide>
      <title>{`${coreMessages.registration.title} · ${coreMessages.app.name}`}</title>
      <RegistrationForm />
    </AuthLayout>
  );
}
