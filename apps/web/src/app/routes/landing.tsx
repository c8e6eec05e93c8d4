import { messages } from '@app/shared';
import { LandingPage } from '@/features/landing/components/LandingPage';

export function LandingRoute() {
  return (
    <>
      <title>{`${messages.app.name} · Software for self-study libraries`}</title>
      <LandingPage />
    </>
  );
}
