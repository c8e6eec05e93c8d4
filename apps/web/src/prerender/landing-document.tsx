import CssBaseline from '@mui/material/CssBaseline';
import { hiIN } from '@mui/material/locale';
import { ThemeProvider } from '@mui/material/styles';
import { StaticRouter } from 'react-router';
import { setLanguage, type Language } from '@app/shared';
import { loadHindi } from '@app/shared/i18n/hindi';
import { LANDING_TITLE, landingTitle } from '@/app/routes/landing';
import { createAppTheme } from '@/app/theme';
import { ContactThanks } from '@/features/landing/components/ContactSection';
import { LandingPage } from '@/features/landing/components/LandingPage';
import { setThemeLanguage } from '@/lib/language-theme';
import { minRowsCss, renderPage, type PageRender } from './render-page';

/** The id of the <template> holding the contact form's thank-you message (see landing-enhance). */
export const CONTACT_THANKS_TEMPLATE_ID = 'contact-thanks';

/** The self-hosted Devanagari font the Hindi page is set in (as lib/hindi-start adds it to the app). */
export const DEVANAGARI_FONT = 'Noto Sans Devanagari';
/** The font's Devanagari glyphs: Latin text stays in the theme's own fonts. */
const DEVANAGARI_RANGE = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF';
/** The weights the page's text is set in: 400 body, 500 MUI's medium, 600 buttons, 700 headings, 800 the largest. */
export const DEVANAGARI_WEIGHTS = ['400', '500', '600', '700', '800'] as const;

/**
 * The @font-face rules of the Hindi page, from the build's file names (`assets`, the names in
 * dist/assets): the font files the web build emits for lib/hindi-start, under their content hash.
 * A browser downloads a weight only when Devanagari text in it is shown; the text shows in the
 * fallback font meanwhile (`swap`).
 */
export function devanagariFontFaces(assets: readonly string[]): string {
  return DEVANAGARI_WEIGHTS.map((weight) => {
    const pattern = new RegExp(`^noto-sans-devanagari-devanagari-${weight}-normal-[\\w-]+\\.woff2$`);
    const file = assets.find((name) => pattern.test(name));
    if (!file) throw new Error(`No Noto Sans Devanagari ${weight} woff2 in the build's assets`);
    return (
      `@font-face{font-family:"${DEVANAGARI_FONT}";font-style:normal;font-weight:${weight};font-display:swap;` +
      `src:url(/assets/${file}) format("woff2");unicode-range:${DEVANAGARI_RANGE};}`
    );
  }).join('');
}

/**
 * The landing page as static markup and CSS (SPEC.md §1), rendered once from the real components
 * with the app's CSS-variables theme, whose variables carry both colour schemes; the blocking
 * script (landing-head) picks one before the first paint. scripts/prerender.mjs writes it into
 * dist/landing.html at build time, and in Hindi (issue 20) into dist/landing.hi.html: the texts
 * read in Hindi and the theme's font stack led by the Devanagari font, as the app's Hindi pages.
 */
export function prerenderLanding(language: Language = 'en'): PageRender & { title: string; lang: Language } {
  if (language === 'en') return { ...render(), title: LANDING_TITLE, lang: 'en' };
  loadHindi();
  setLanguage(language);
  setThemeLanguage({ fontFamily: `"${DEVANAGARI_FONT}"`, locale: hiIN });
  try {
    return { ...render(), title: landingTitle(), lang: language };
  } finally {
    setThemeLanguage({});
    setLanguage('en');
  }
}

function render(): PageRender {
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
  return { html: page.html, styleTag: page.styleTag + `<style>${minRowsCss(page.html)}</style>` };
}
