import i18next from 'i18next';

/**
 * The product's languages (issue 20): English, SPEC's texts exactly, is the default and the
 * fallback; Hindi is one switch away. Every text lives in an i18next instance as namespaced
 * resources; the typed catalogues of `catalogue.ts` read them.
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'hi';
}

/** The language each choice is named by in the switch, always in its own script. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिंदी' };

/**
 * The shared i18next instance. Resources are added per namespace when a catalogue module is
 * first imported (English) or when Hindi is loaded (`hindi.ts`), so a bundle carries only the
 * catalogues its screens use, and English pages no Hindi at all.
 */
export const i18n = i18next.createInstance();
void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  resources: {},
  // Keys are catalogue paths (`columns.name`); a namespace is named on each call.
  keySeparator: '.',
  nsSeparator: false,
  // React and the API's JSON escape on output; the catalogue holds plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
});

let fixedLanguage: Language = DEFAULT_LANGUAGE;
const fixedSource = () => fixedLanguage;
let languageSource: () => Language = fixedSource;

/**
 * Where the current language comes from. The browser has one language for the page's life
 * (`setLanguage` at start; a switch reloads the page); the API answers each request in its
 * caller's language and sets a source reading the request's context. No source: back to the fixed one.
 */
export function setLanguageSource(source?: () => Language): void {
  languageSource = source ?? fixedSource;
}

/** The language texts are read in now. */
export function currentLanguage(): Language {
  return languageSource();
}

/** Fixes the language of the default source (the browser's page, a script, a test). */
export function setLanguage(language: Language): void {
  fixedLanguage = language;
}

/**
 * Picks the product language from an `Accept-Language` header: the first of the caller's
 * languages (by weight, then order) that the product has; English when none is.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: range.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag !== '' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
