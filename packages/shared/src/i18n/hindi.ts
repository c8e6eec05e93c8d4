import { addLanguage, type LanguageFile } from './catalogue';
import areas from '../areas/areas.messages.hi';

/**
 * Every catalogue's Hindi texts. Only loaded when Hindi is chosen (the browser imports this
 * module on demand; the API at start), so English pages carry none of it.
 */
export const hindiFiles: readonly LanguageFile[] = [areas];

/** Adds the Hindi texts to i18next. */
export function loadHindi(): void {
  addLanguage('hi', hindiFiles);
}
