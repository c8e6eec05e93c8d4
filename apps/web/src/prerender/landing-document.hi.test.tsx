// @vitest-environment node
// As the build renders the pages (scripts/prerender.mjs), the landing page in Hindi (issue 20).
import { afterEach, describe, expect, it } from 'vitest';
import {
  currentLanguage,
  landingPageMessages,
  LANGUAGE_NAMES,
  languageMessages,
  messages,
  setLanguage,
} from '@app/shared';
import { loadHindi } from '@app/shared/i18n/hindi';
import { DEVANAGARI_WEIGHTS, devanagariFontFaces, prerenderLanding } from './landing-document';

/** Every text of a catalogue group as read now (a text with a value is read with the app's name). */
function texts(group: unknown): string[] {
  if (typeof group === 'string') return [group];
  if (typeof group === 'function') return [String((group as (name: string) => unknown)(messages.app.name))];
  if (typeof group === 'object' && group !== null) return Object.values(group).flatMap(texts);
  return [];
}

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

function readIn<T>(language: 'en' | 'hi', read: () => T): T {
  loadHindi();
  setLanguage(language);
  try {
    return read();
  } finally {
    setLanguage('en');
  }
}

afterEach(() => setLanguage('en'));

describe('the prerendered landing page in Hindi', () => {
  it('is the page read in Hindi, with its Hindi title, and leaves the language English', () => {
    const english = prerenderLanding();
    const hindi = prerenderLanding('hi');
    expect(currentLanguage()).toBe('en');
    expect(english.lang).toBe('en');
    expect(hindi.lang).toBe('hi');
    expect(hindi.title).toBe(readIn('hi', () => landingPageMessages.documentTitle(messages.app.name)));
    expect(hindi.title).not.toBe(english.title);
    for (const text of [
      readIn('hi', () => landingPageMessages.hero.title),
      readIn('hi', () => landingPageMessages.nav.pricing),
      readIn('hi', () => messages.landing.startFreeTrial),
      readIn('hi', () => messages.login.title),
    ]) {
      expect(hindi.html).toContain(escapeHtml(text));
    }
    // The English render after the Hindi one is the English page still.
    expect(prerenderLanding().html).toBe(english.html);
  });

  it('has no English text of the landing page left', () => {
    const hindi = prerenderLanding('hi').html;
    const english = texts(landingPageMessages);
    const inHindi = readIn('hi', () => texts(landingPageMessages));
    expect(english.length).toBe(inHindi.length);
    const translated = english.filter((text, index) => text !== inHindi[index] && /[a-z]{3}/i.test(text));
    expect(translated.length).toBeGreaterThan(50);
    // What a person reads or hears: the text between tags and the attributes read aloud.
    const read = [
      hindi.replace(/<[^>]*>/g, '\n'),
      ...[...hindi.matchAll(/ (?:aria-label|alt|title|placeholder)="([^"]*)"/g)].map((match) => match[1]),
    ].join('\n');
    for (const text of translated) expect(read, text).not.toContain(escapeHtml(text));
    const core = [messages.landing.startFreeTrial, messages.login.title, languageMessages.label];
    for (const text of core) expect(hindi, text).not.toContain(`>${escapeHtml(text)}<`);
  });

  it('sets its text in the Devanagari font first, the English page in the theme as it was', () => {
    const hindi = prerenderLanding('hi').styleTag;
    const english = prerenderLanding().styleTag;
    expect(hindi).toMatch(/font-family:"Noto Sans Devanagari",Roboto,/);
    expect(english).not.toContain('Noto Sans Devanagari');
    expect(english).toMatch(/font-family:Roboto,/);
  });

  it('has the language switch, named in the catalogue, each language in its own', () => {
    for (const [language, html] of [
      ['en', prerenderLanding().html],
      ['hi', prerenderLanding('hi').html],
    ] as const) {
      const label = readIn(language, () => languageMessages.label);
      expect(html).toContain(`role="group" aria-label="${label}"`);
      for (const [code, name] of Object.entries(LANGUAGE_NAMES)) {
        const link = new RegExp(`<a [^>]*href="/\\?lang=${code}"[^>]*>${name}`).exec(html)?.[0] ?? '';
        expect(link, code).toContain(`lang="${code}"`);
        expect(link, code).toContain(`data-language="${code}"`);
        expect(link.includes('aria-current="true"'), code).toBe(code === language);
      }
    }
  });
});

describe("the Hindi page's @font-face rules", () => {
  const assets = [
    'index-abc123.js',
    ...DEVANAGARI_WEIGHTS.map((weight) => `noto-sans-devanagari-devanagari-${weight}-normal-H${weight}_-x.woff2`),
    'noto-sans-devanagari-devanagari-900-normal-Zz.woff2',
  ];

  it('name the build files of each weight the page uses, for Devanagari only, swapping in', () => {
    const css = devanagariFontFaces(assets);
    const rules = css.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(rules).toHaveLength(5);
    for (const weight of ['400', '500', '600', '700', '800']) {
      const rule = rules.find((r) => r.includes(`font-weight:${weight};`)) ?? '';
      expect(rule).toContain('font-family:"Noto Sans Devanagari"');
      expect(rule).toContain(
        `src:url(/assets/noto-sans-devanagari-devanagari-${weight}-normal-H${weight}_-x.woff2) format("woff2")`,
      );
      expect(rule).toContain('font-display:swap');
      expect(rule).toContain('unicode-range:U+0900-097F,');
    }
    expect(css).not.toContain('-900-');
  });

  it('fail the build when a weight is missing', () => {
    expect(() => devanagariFontFaces(assets.filter((name) => !name.includes('-700-')))).toThrow(/700/);
  });
});
