import { defineMessages } from './catalogue';

/** The language switch and its API (issue 20). */
export const languageMessages = defineMessages('language', {
  /** The switch's accessible name and label. */
  label: 'Language',
  saved: 'Language saved',
  invalid: 'Language must be English (en) or Hindi (hi)',
  /** A failed save of the choice whose answer carries no message (offline, a timeout). */
  saveFailed: 'The language could not be saved. Please try again.',
});
