import { currentLanguage, type Language } from '@app/shared';

/**
 * The one text of the language switch that no catalogue has yet (issue 20): what a failed save
 * says when the server's answer carries no message (offline, a timeout). To move into the
 * `language` catalogue as `saveFailed`.
 */
const SAVE_FAILED: Readonly<Record<Language, string>> = {
  en: 'The language could not be saved. Please try again.',
  hi: 'भाषा सहेजी नहीं जा सकी। कृपया फिर से प्रयास करें।',
};

export const languageTexts = {
  get saveFailed(): string {
    return SAVE_FAILED[currentLanguage()];
  },
};
