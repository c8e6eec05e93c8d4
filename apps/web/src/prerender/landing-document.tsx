import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StaticRouter } from 'react-router';
import { LANDING_TITLE } from '@/app/routes/landing';
import { createAppTheme } from '@/app/theme';
import { ContactThanks } from '@/features/landing/components/ContactSection';
import { LandingPage } from '@/features/landing/components/LandingPage';
import { minRowsCss, renderPage, type PageRender } from './render-page';

/** The id of the <template> holding the contact form's thank-you message (see landing-enhance). */
export const CONTACT_THANKS_TEMPLATE_ID = 'contact-thanks';

/**
 * The landing page as static markup and CSS (SPEC.md §1), rendered once from the real components
 * with the app's CSS-variables theme, whose variables carry both colour schemes; the blocking
 * script (color-scheme) picks one before the first paint. scripts/prerender.mjs writes it into
 * dist/landing.html at build time.
 */
export function prerenderLanding(): PageRender & { title: string } {
  const page = renderPage(
    <ThemeProvider theme={createAppTheme()}>
      <CssBaseline enableColorScheme />
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
      <template id={CONTACT_THANKS_TEMPLATE_ID}>
        <ContactThanks />
      </template>
    </ThemeProvider>,
  );
  return { title: LANDING_TITLE, html: page.html, styleTag: page.styleTag + `<style>${minRowsCss(page.html)}</style>` };
}
