import { currentLanguage, i18n, type Language } from './i18n';

/**
 * Typed catalogues over i18next (issue 20).
 *
 * A feature writes its English texts once, as today: plain strings, and for texts with values
 * a `msg(template, args)`, whose template uses i18next's `{{name}}` interpolation and whose
 * `args` turns the call's positional values into i18next options (`count` picks a CLDR plural
 * form, `context` a variant). `defineMessages(ns, source)` registers the English resources
 * under the namespace and answers an object of the same shape whose strings are getters and
 * whose messages are functions, both read through i18next in the current language, so every
 * `messages.areas.heading` and `messages.areas.generated(3)` in the code stays as it was and
 * is typed by the catalogue itself. A language file (`*.messages.hi.ts`) gives the same keys
 * (`Translation<typeof catalogue>`, checked by the compiler and by a test).
 */

const MSG = Symbol('msg');

/** Options a message's values become: interpolation values, `count`, `context`. */
export type MessageValues = Record<string, unknown> & { count?: number; context?: string };

/** A text with values. `V` names its variants (plural forms `one`/`other`, contexts); never when one template. */
export interface Msg<A extends unknown[], V extends string = never> {
  readonly [MSG]: true;
  readonly template: string | Readonly<Record<V, string>>;
  readonly args: (...values: A) => MessageValues;
}

/**
 * A text with values. `template` is one i18next template, or its variants: CLDR plural forms
 * (`one`, `other`) chosen by the `count` that `args` answers, and contexts (`''` is the plain
 * key, `withArea` is `key_withArea`, `withArea_one` both).
 */
export function msg<A extends unknown[]>(template: string, args: (...values: A) => MessageValues): Msg<A>;
export function msg<A extends unknown[], V extends string>(
  template: Readonly<Record<V, string>>,
  args: (...values: A) => MessageValues,
): Msg<A, V>;
export function msg<A extends unknown[], V extends string>(
  template: string | Readonly<Record<V, string>>,
  args: (...values: A) => MessageValues,
): Msg<A, V> {
  return { [MSG]: true, template, args };
}

/** A translation's variants of one message (plural forms, contexts), the English message's own. */
export interface Forms<V extends string> {
  readonly [MSG]: true;
  readonly template: Readonly<Record<V, string>>;
}

/** Marks a translation's variants: `forms({ one: '{{count}} सीट', other: '{{count}} सीटें' })`. */
export function forms<V extends string>(template: Readonly<Record<V, string>>): Forms<V> {
  return { [MSG]: true, template };
}

function isMsg(value: unknown): value is Forms<string> {
  return typeof value === 'object' && value !== null && MSG in value;
}

/** What a catalogue is written as. */
export type Source = { readonly [key: string]: string | Msg<never, string> | Source | readonly string[] };

// A catalogue's source type, carried on its typed object (type-level only).
declare const SOURCE: unique symbol;

/** The typed object a catalogue answers: getters for texts, functions for messages. */
export type Catalogue<S> = {
  readonly [K in keyof S]: S[K] extends string
    ? string
    : S[K] extends Msg<infer A, string>
      ? (...values: A) => string
      : S[K] extends readonly string[]
        ? readonly string[]
        : Catalogue<S[K]>;
} & { readonly [SOURCE]?: S };

type TranslationOfSource<S> = {
  readonly [K in keyof S]: S[K] extends string
    ? string
    : S[K] extends Msg<never, infer V>
      ? [V] extends [never]
        ? string
        : Forms<V>
      : S[K] extends readonly string[]
        ? readonly string[]
        : TranslationOfSource<S[K]>;
};

/** Another language's texts for a catalogue: the same keys, the same variants. */
export type Translation<M> = M extends { readonly [SOURCE]?: infer S } ? TranslationOfSource<S> : never;

/** Flat i18next resources (`columns.name`, `generated_one`) of a catalogue or a translation. */
export type Resources = Record<string, string>;

/** Flattens a source or a translation into i18next keys. */
export function flatten(source: object, prefix = '', into: Resources = {}): Resources {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into[path] = value;
    else if (isMsg(value)) addTemplate(path, value.template, into);
    else if (typeof value === 'object' && value !== null) flatten(value, path, into);
  }
  return into;
}

function addTemplate(path: string, template: string | Readonly<Record<string, string>>, into: Resources) {
  if (typeof template === 'string') {
    into[path] = template;
    return;
  }
  for (const [variant, text] of Object.entries(template)) into[variant === '' ? path : `${path}_${variant}`] = text;
}

const NAMESPACE = Symbol('namespace');
const SOURCE_VALUE = Symbol('source');
const registered = new Map<string, object>();

/**
 * Registers a catalogue's English texts under `ns` and answers its typed object. A namespace
 * is defined once: two catalogues under one name would overwrite each other's keys.
 */
export function defineMessages<const S extends Source>(ns: string, source: S): Catalogue<S> {
  if (registered.has(ns)) throw new Error(`Catalogue namespace "${ns}" is defined twice`);
  i18n.addResourceBundle('en', ns, flatten(source), true, true);
  const typed = build(ns, source, '') as Catalogue<S>;
  Object.defineProperty(typed, NAMESPACE, { value: ns });
  Object.defineProperty(typed, SOURCE_VALUE, { value: source });
  Object.freeze(typed);
  registered.set(ns, typed);
  return typed;
}

function build(ns: string, source: object, prefix: string): object {
  const target = (Array.isArray(source) ? [] : {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      Object.defineProperty(target, key, { enumerable: true, get: () => translate(ns, path) });
    } else if (isMsg(value)) {
      const args = (value as Msg<unknown[], string>).args;
      target[key] = (...values: unknown[]) => translate(ns, path, args(...values));
    } else if (typeof value === 'object' && value !== null) {
      target[key] = Object.freeze(build(ns, value, path));
    }
  }
  return target;
}

type TranslationObserver = (text: string, code: string) => void;
let observer: TranslationObserver | undefined;

/**
 * Called with each text read from a catalogue and its stable code (`areas.notFound`): the API
 * journals a request's texts to answer an error's code next to its message in any language.
 */
export function observeTranslations(next: TranslationObserver | undefined): void {
  observer = next;
}

function translate(ns: string, key: string, values?: MessageValues): string {
  const text = i18n.t(key, { ...values, ns, lng: currentLanguage() });
  observer?.(text, `${ns}.${key}`);
  return text;
}

/** The namespace a catalogue was defined under. */
export function namespaceOf(messages: object): string {
  const ns = (messages as { [NAMESPACE]?: string })[NAMESPACE];
  if (!ns) throw new Error('Not a catalogue made by defineMessages');
  return ns;
}

/** A catalogue's English source (for the parity tests). */
export function sourceOf(messages: object): Source {
  return (messages as { [SOURCE_VALUE]: Source })[SOURCE_VALUE];
}

/** Every catalogue defined so far, by namespace. */
export function definedCatalogues(): ReadonlyMap<string, object> {
  return registered;
}

/** One language file: a catalogue's texts in another language, type-checked against it. */
export interface LanguageFile {
  readonly ns: string;
  readonly resources: Resources;
}

/**
 * Declares a catalogue's texts in another language (`*.messages.hi.ts`):
 * `translation<typeof areaMessages>('areas', { ... })`. The type is imported as a type only, so a
 * language file does not load the English catalogue; the parity test holds `ns` to it.
 */
export function translation<M>(ns: string, texts: Translation<M>): LanguageFile {
  return { ns, resources: flatten(texts as object) };
}

/** Adds a language's files to i18next. */
export function addLanguage(language: Language, files: readonly LanguageFile[]): void {
  for (const file of files) i18n.addResourceBundle(language, file.ns, file.resources, true, true);
}
