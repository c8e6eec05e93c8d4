import { messages } from '@app/shared';
import { LandingPage } from '@/features/landing/components/LandingPage';

/** The landing page's title, also written into the prerendered page (src/prerender). */
export const LANDING_TITLE = `${messages.app.name} · Software for self-study libraries`;

export function LandingRoute() {
  return (
    <>
      <title>{LANDING_TITLE}</title>
      <LandingPage />
    </>
  );
}
