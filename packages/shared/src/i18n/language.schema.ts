import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { languageMessages } from './language.messages';

/** A product language, `en` or `hi`. */
export const languageSchema = z.enum(LANGUAGES, { error: () => languageMessages.invalid });

/** `PUT /api/auth/language` and `PUT /api/student/language`: the person's choice (issue 20). */
export const languageChoiceSchema = z.strictObject({ language: languageSchema });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
