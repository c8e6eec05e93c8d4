import { landingPageMessages, coreMessages } from '@app/shared';
import { LandingPage } from '@/features/landing/components/LandingPage';

/** The landing page's title in the current language. */
export function landingTitle(): string {
  return landingPageMessages.documentTitle(coreMessages.app.name);
}

/** The English title the build writes into the prerendered page (src/prerender), read once at load. */
export const LANDING_TITLE = landingTitle();

export function LandingRoute() {
  return (
    <>
      <title>{landingTitle()}</title>
      <LandingPage />
    </>
  );
}
