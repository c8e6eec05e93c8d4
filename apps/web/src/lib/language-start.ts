import { setLanguage, type Language } from '@app/shared';
import { readLanguageChoice } from './language';

/**
 * Fixes the page's language before anything renders (issue 20): the device's choice
 * (lib/language) becomes the language every catalogue text is read in, and <html lang>. Hindi
 * then loads its texts, MUI's and dayjs's Hindi and its font (lib/hindi-start), on demand, so an
 * English page fetches none of it. The entries (main.tsx, student-main.tsx) await this before
 * they import the app: modules read catalogue texts as they load (tables of labels), and must
 * load after it. A switch reloads the page.
 */
export async function startLanguage(language: Language = readLanguageChoice()): Promise<Language> {
  setLanguage(language);
  document.documentElement.lang = language;
  if (language === 'hi') {
    const { startHindi } = await import('./hindi-start');
    startHindi();
  }
  return language;
}

/**
 * Drops a prerendered page (the sign-in page, prerendered in English) and its styles, for the app
 * to render the page in the visitor's language instead of hydrating it. Before the app's modules
 * load: emotion takes a prerendered page's styles as its own as it loads, and the English page's
 * rules (the body's font) would then stay.
 */
export function dropPrerender(root: HTMLElement | null): void {
  root?.replaceChildren();
  for (const style of document.head.querySelectorAll('style[data-emotion]')) style.remove();
}
