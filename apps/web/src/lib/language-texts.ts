import { defineMessages } from '@app/shared';

/**
 * The one text of the language switch that no catalogue of packages/shared has yet (issue 20):
 * what a failed save says when the server's answer carries no message (offline, a timeout). Its
 * Hindi is lib/language-texts.hi.ts, loaded with Hindi. To move into the `language` catalogue as
 * `saveFailed`.
 */
export const languageTexts = defineMessages('webLanguage', {
  saveFailed: 'The language could not be saved. Please try again.',
});
