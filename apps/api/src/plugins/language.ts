import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  languageFromAcceptLanguage,
  observeTranslations,
  setLanguageSource,
  type Language,
} from '@app/shared';
import { loadHindi } from '@app/shared/i18n/hindi';

/**
 * Every answer in its caller's language (issue 20). A request's language comes from its
 * `Accept-Language` header (the web app sends the person's choice); it is kept in an
 * AsyncLocalStorage store for the request's whole life, so every catalogue text read while
 * serving it (`messages.areas.notFound`, a zod schema's lazy error) is in that language. The
 * store also journals each text read with its catalogue key: an error answers that key as its
 * stable `messageCode`, the same in every language.
 */
interface LanguageStore {
  /** Set from the header; a person's stored choice may replace it (`answerInLanguage`). */
  language: Language;
  /** Text -> catalogue key of every text read during the request (the last read wins). */
  readonly journal: Map<string, string>;
}

const storage = new AsyncLocalStorage<LanguageStore>();
const RESOURCE = Symbol('languageResource');

type WithResource = FastifyRequest & { [RESOURCE]?: AsyncResource };

// Work outside any request (workers, scripts) reads the default language unless it runs
// inside `withLanguage`.
setLanguageSource(() => storage.getStore()?.language ?? DEFAULT_LANGUAGE);
observeTranslations((text, code) => {
  storage.getStore()?.journal.set(text, code);
});
loadHindi();

/** Runs `work` with catalogue texts in `language` (a worker writing to a student, say). */
export function withLanguage<T>(language: Language, work: () => T): T {
  return storage.run({ language, journal: new Map() }, work);
}

/** The language of the request being served (English outside one). */
export function requestLanguage(): Language {
  return storage.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/**
 * From now on, the request being served answers in `language`, its texts, its errors and their
 * codes alike: a person's stored choice where the request's `Accept-Language` is not theirs (a
 * receipt page the browser opens, whose header is the browser's). The caller names it in the
 * answer's Content-Language. Outside a request it does nothing (use `withLanguage`).
 */
export function answerInLanguage(language: Language): void {
  const store = storage.getStore();
  if (store) store.language = language;
}

/**
 * A catalogue text without arguments (`() => messages.students.listed`) read once per language
 * and then answered as read: the catalogue does not change while the process runs, and an
 * i18next lookup was about 25 µs of every request of a list that answers such a message (the
 * students and areas pages, issue 18: bench/lists.ts). For success messages only: the text is
 * not written to the request's journal, so an error must read its text from the catalogue.
 */
export function catalogueText(read: () => string): () => string {
  const texts = new Map<Language, string>();
  return () => {
    const language = requestLanguage();
    let text = texts.get(language);
    if (text === undefined) {
      text = read();
      texts.set(language, text);
    }
    return text;
  };
}

/** The catalogue key of a text read during this request, if it was read from a catalogue. */
export function messageCodeOf(text: string): string | null {
  return storage.getStore()?.journal.get(text) ?? null;
}

/**
 * Installs the request's language: the first hook of every request, so every later hook, the
 * handler and the error handler run inside it. Reading the body leaves the async context
 * (stream events), so validation re-enters it, as @fastify/request-context does.
 */
export function installLanguage(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const language = languageFromAcceptLanguage(request.headers['accept-language']);
    void reply.header('content-language', language);
    void reply.header('vary', 'Accept-Language');
    storage.run({ language, journal: new Map() }, () => {
      const resource = new AsyncResource('request-language');
      (request as WithResource)[RESOURCE] = resource;
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as WithResource)[RESOURCE];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
