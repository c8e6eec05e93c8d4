import type { Language } from '@app/shared';
import { readLanguageChoice, saveLanguageChoice } from './language';

/**
 * Switching language and adopting a signed-in person's (issue 20). The page has one language for
 * its life (lib/language-start), so a change reloads it: every text, MUI's and dayjs's locale and
 * the font are then the new language's from the first paint.
 */

/** The page's reload, apart so that tests can watch it. */
export const page = { reload: (): void => window.location.reload() };

/** Tells the server a signed-in person's choice; answers whether it was saved (a failure has been shown). */
export type SaveLanguage = (language: Language) => Promise<boolean>;

/**
 * The switch: a signed-in person's choice is saved on the server first (`save`), then on this
 * device, and the page reloads in it. When the server does not take it, the page stays as it is
 * (its error toast shown by `save`): switched anyway, the next start would adopt the server's
 * language back.
 */
export async function switchLanguage(next: Language, save?: SaveLanguage): Promise<boolean> {
  if (save && !(await save(next))) return false;
  saveLanguageChoice(next);
  page.reload();
  return true;
}

/**
 * Adopts the language a signed-in person's session or `/auth/me` answer carries: none chosen yet
 * (`null`) gets this device's choice (`save`); another than this device's becomes this device's,
 * and the page reloads in it (once: when the device cannot keep it, it does not). `undefined`
 * (an answer without the field) does nothing. Answers whether the page reloads.
 */
export function adoptServerLanguage(
  server: Language | null | undefined,
  save: (language: Language) => Promise<unknown>,
): boolean {
  if (server === undefined) return false;
  const device = readLanguageChoice();
  if (server === null) {
    save(device).catch(() => undefined);
    return false;
  }
  if (server === device) return false;
  saveLanguageChoice(server);
  if (readLanguageChoice() !== server) return false;
  page.reload();
  return true;
}

/** The `language` field of a session or `/auth/me` answer, read defensively: `undefined` when absent or unknown. */
export function languageField(value: unknown): Language | null | undefined {
  if (typeof value !== 'object' || value === null || !('language' in value)) return undefined;
  const { language } = value as { language: unknown };
  return language === null || language === 'en' || language === 'hi' ? language : undefined;
}
