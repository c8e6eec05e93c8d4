import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { LANDING_TITLE } from '@/app/routes/landing';
import { createAppTheme, type ResolvedMode } from '@/app/theme';
import { ContactThanks } from '@/features/landing/components/ContactSection';
import { LandingPage } from '@/features/landing/components/LandingPage';
import { mergeRenders, type PageRender } from './merge-renders';

/** The id of the <template> holding the contact form's thank-you message (see landing-enhance). */
export const CONTACT_THANKS_TEMPLATE_ID = 'contact-thanks';

/** The theme with every text field's label raised and outline notched, as when a field is focused or filled. */
function raisedLabels(theme: Theme): Theme {
  return {
    ...theme,
    components: {
      ...theme.components,
      MuiInputLabel: { ...theme.components?.MuiInputLabel, defaultProps: { shrink: true } },
      MuiOutlinedInput: { ...theme.components?.MuiOutlinedInput, defaultProps: { notched: true } },
    },
  };
}

function render(mode: ResolvedMode, raised: boolean): PageRender {
  const cache = createCache({ key: 'css' });
  // Compat mode: emotion keeps the rules in the cache instead of writing <style> tags into the markup.
  cache.compat = true;
  const styles: [string, string][] = [];
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const result = insert(selector, serialized, sheet, shouldCache);
    const rules = cache.inserted[serialized.name];
    if (typeof rules === 'string') styles.push([serialized.name, rules]);
    return result;
  };
  const theme = createAppTheme(mode);
  const page = (children: ReactNode) => (
    <CacheProvider value={cache}>
      <ThemeProvider theme={raised ? raisedLabels(theme) : theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
  const html = renderToString(
    page(
      <>
        <StaticRouter location="/">
          <LandingPage />
        </StaticRouter>
        <template id={CONTACT_THANKS_TEMPLATE_ID}>
          <ContactThanks />
        </template>
      </>,
    ),
  );
  return { html, styles };
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
  // MUI sizes a multiline field's box to its minimum rows with a script; the static page does it in CSS.
  const rows = new Set([...html.matchAll(/ data-min-rows="(\d+)"/g)].map((match) => match[1]));
  const rowsCss = [...rows].map((n) => `textarea[data-min-rows="${n}"]{min-height:${n}lh;}`).join('');
  return { title: LANDING_TITLE, html, css: css + rowsCss };
}
