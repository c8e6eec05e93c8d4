import { useState } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, languageMessages } from '@app/shared';
import { switchLanguage, type SaveLanguage } from '@/lib/language-switch';

interface LanguageSwitchProps {
  /** Saves a signed-in person's choice on the server; none when nobody is signed in. */
  save?: SaveLanguage;
}

/**
 * The language switch (issue 20): English and हिंदी, each named in its own script and marked with
 * its language for screen readers, the page's language pressed. A choice reloads the page in it
 * (lib/language-switch). Plain buttons, so that on the prerendered sign-in page a press before the
 * app has started is held and made again once it has (prerender/login-head).
 */
export function LanguageSwitch({ save }: LanguageSwitchProps) {
  const [busy, setBusy] = useState(false);
  const language = currentLanguage();
  const onChange = (_event: unknown, next: unknown) => {
    if (!isLanguage(next) || next === language || busy) return;
    setBusy(true);
    void switchLanguage(next, save).then((switched) => {
      if (!switched) setBusy(false);
    });
  };
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={language}
      onChange={onChange}
      aria-label={languageMessages.label}
      disabled={busy}
    >
      {LANGUAGES.map((option) => (
        <ToggleButton key={option} value={option} lang={option} sx={{ px: 1, py: 0.25, textTransform: 'none' }}>
          {LANGUAGE_NAMES[option]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
