import { StaticRouter } from 'react-router';
import { LANDING_TITLE } from '@/app/routes/landing';
import type { ResolvedMode } from '@/app/theme';
import { ContactThanks } from '@/features/landing/components/ContactSection';
import { LandingPage } from '@/features/landing/components/LandingPage';
import { mergeRenders } from './merge-renders';
import { minRowsCss, renderPage } from './render-page';

/** The id of the <template> holding the contact form's thank-you message (see landing-enhance). */
export const CONTACT_THANKS_TEMPLATE_ID = 'contact-thanks';

function render(mode: ResolvedMode, raised: boolean) {
  return renderPage(
    mode,
    raised,
    <>
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
      <template id={CONTACT_THANKS_TEMPLATE_ID}>
        <ContactThanks />
      </template>
    </>,
  );
}

/**
 * The landing page as static markup and CSS (SPEC.md §1), rendered from the real components in
 * both themes; scripts/prerender.mjs writes it into dist/landing.html at build time.
 */
export function prerenderLanding(): { title: string; html: string; css: string } {
  const { html, css } = mergeRenders({
    light: render('light', false),
    dark: render('dark', false),
    raisedLight: render('light', true),
    raisedDark: render('dark', true),
  });
  return { title: LANDING_TITLE, html, css: css + minRowsCss(html) };
}
