import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, languageMessages, type Language } from '@app/shared';
import { switchLanguage, type SaveLanguage } from '@/lib/language-switch';

interface LanguageSwitchProps {
  /** Saves a signed-in person's choice on the server; none when nobody is signed in. */
  save?: SaveLanguage;
}

/**
 * The language switch (issue 20): English and हिंदी, each named in its own script and marked with
 * its language for screen readers, in a group named by the catalogue, the page's language pressed.
 * A choice reloads the page in it (lib/language-switch). Plain buttons (MUI's Button, which every
 * page has already): on the prerendered sign-in page a press before the app has started is held
 * and made again once it has (prerender/login-head).
 */
export function LanguageSwitch({ save }: LanguageSwitchProps) {
  const [busy, setBusy] = useState(false);
  const language = currentLanguage();
  const choose = (next: Language) => {
    if (next === language || busy) return;
    setBusy(true);
    void switchLanguage(next, save).then((switched) => {
      if (!switched) setBusy(false);
    });
  };
  return (
    <Box role="group" aria-label={languageMessages.label} sx={{ display: 'flex', flexShrink: 0 }}>
      {LANGUAGES.map((option) => (
        <Button
          key={option}
          lang={option}
          size="small"
          color={option === language ? 'primary' : 'inherit'}
          aria-pressed={option === language}
          disabled={busy}
          onClick={() => choose(option)}
          sx={{ minWidth: 0, px: 1, textTransform: 'none', fontWeight: option === language ? 700 : 500 }}
        >
          {LANGUAGE_NAMES[option]}
        </Button>
      ))}
    </Box>
  );
}
