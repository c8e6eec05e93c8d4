import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MouseEvent } from 'react';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, languageMessages, type Language } from '@app/shared';
import { switchLanguage } from '@/lib/language-switch';

/** The attribute the prerendered page's script finds the links by (prerender/landing-enhance). */
export const LANDING_LANGUAGE_ATTRIBUTE = 'data-language';

/**
 * The landing page's language switch (issue 20): a link per language, each named in its own
 * language. In the SPA a click saves the choice on the device and reloads; on the prerendered page
 * its script does the same (prerender/landing-enhance), and without JavaScript the link asks the
 * server, which keeps the choice in a cookie and sends the visitor back to `/` in it
 * (apps/api/src/plugins/spa.ts).
 */
export function LandingLanguage() {
  const current = currentLanguage();
  const choose = (language: Language) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (language !== current) void switchLanguage(language);
  };
  return (
    <Box role="group" aria-label={languageMessages.label} sx={{ display: 'flex', flexShrink: 0 }}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          href={`/?lang=${language}`}
          lang={language}
          hrefLang={language}
          {...{ [LANDING_LANGUAGE_ATTRIBUTE]: language }}
          aria-current={language === current ? 'true' : undefined}
          onClick={choose(language)}
          color={language === current ? 'primary' : 'inherit'}
          size="small"
          sx={{
            // On a phone the header keeps room for the brand: the link to the other language only.
            display: language === current ? { xs: 'none', sm: 'inline-flex' } : undefined,
            minWidth: 0,
            px: { xs: 0.75, sm: 1 },
            textTransform: 'none',
            letterSpacing: 0,
            fontWeight: language === current ? 700 : 500,
          }}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Box>
  );
}
