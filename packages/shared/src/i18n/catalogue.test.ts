import { afterEach, describe, expect, it } from 'vitest';
import { addLanguage, defineMessages, flatten, forms, msg, observeTranslations, translation } from './catalogue';
import { currentLanguage, languageFromAcceptLanguage, setLanguage, setLanguageSource } from './i18n';
import { areaMessages } from '../areas/areas.messages';
import { loadHindi } from './hindi';

const sample = defineMessages('catalogue-test', {
  title: 'Seats',
  group: { inner: 'Inner' },
  seats: msg({ one: '{{count}} seat', other: '{{count}} seats' }, (count: number) => ({ count })),
  anySeat: msg({ '': 'Any free seat', area: 'Any free seat · {{area}}' }, (area: string | null) =>
    area ? { context: 'area', area } : {},
  ),
});
addLanguage('hi', [
  translation<typeof sample>('catalogue-test', {
    title: 'सीटें',
    group: { inner: 'अंदर' },
    seats: forms({ one: '{{count}} सीट', other: '{{count}} सीटें' }),
    anySeat: forms({ '': 'कोई भी खाली सीट', area: 'कोई भी खाली सीट · {{area}}' }),
  }),
]);

afterEach(() => {
  setLanguage('en');
  observeTranslations(undefined);
});

describe('catalogues', () => {
  it('read English texts and messages, plural forms and contexts, as the code always had them', () => {
    expect(sample.title).toBe('Seats');
    expect(sample.group.inner).toBe('Inner');
    expect([0, 1, 2].map((n) => sample.seats(n))).toEqual(['0 seats', '1 seat', '2 seats']);
    expect(sample.anySeat(null)).toBe('Any free seat');
    expect(sample.anySeat('Hall A')).toBe('Any free seat · Hall A');
  });

  it('read the chosen language at the time of reading, with Hindi plural rules (0 and 1 are "one")', () => {
    setLanguage('hi');
    expect(sample.title).toBe('सीटें');
    expect(sample.group.inner).toBe('अंदर');
    expect([0, 1, 2].map((n) => sample.seats(n))).toEqual(['0 सीट', '1 सीट', '2 सीटें']);
    expect(sample.anySeat('हॉल ए')).toBe('कोई भी खाली सीट · हॉल ए');
    setLanguage('en');
    expect(sample.title).toBe('Seats');
  });

  it('fall back to English for a text a language does not have', () => {
    const englishOnly = defineMessages('catalogue-test-fallback', { only: 'Only in English' });
    setLanguage('hi');
    expect(englishOnly.only).toBe('Only in English');
  });

  it('do not interpolate or escape what a value holds (React and JSON escape on output)', () => {
    expect(sample.anySeat('<b>{{title}}</b> & $t(title)')).toBe('Any free seat · <b>{{title}}</b> & $t(title)');
  });

  it('follow a language source (the API reads each request\u2019s)', () => {
    let language: 'en' | 'hi' = 'hi';
    setLanguageSource(() => language);
    expect(currentLanguage()).toBe('hi');
    expect(sample.title).toBe('सीटें');
    language = 'en';
    expect(sample.title).toBe('Seats');
    setLanguageSource();
  });

  it('tell an observer each text and its stable code', () => {
    const seen: string[] = [];
    observeTranslations((text, code) => seen.push(`${code}=${text}`));
    void sample.seats(2);
    void sample.group.inner;
    expect(seen).toEqual(['catalogue-test.seats=2 seats', 'catalogue-test.group.inner=Inner']);
  });

  it('refuse a namespace defined twice, and flatten variants to i18next keys', () => {
    expect(() => defineMessages('catalogue-test', { title: 'x' })).toThrow(/defined twice/);
    expect(flatten({ a: { b: 'c' }, n: msg({ one: 'x', other: 'y' }, () => ({})) })).toEqual({
      'a.b': 'c',
      n_one: 'x',
      n_other: 'y',
    });
  });

  it('serve the real catalogues in Hindi once loaded, and English again after', () => {
    loadHindi();
    setLanguage('hi');
    expect(areaMessages.heading).toBe('क्षेत्र प्रबंधन');
    expect(areaMessages.generated(3)).toBe('3 सीटें बन गईं');
    setLanguage('en');
    expect(areaMessages.heading).toBe('Areas Management');
    expect(areaMessages.generated(1)).toBe('1 seat generated');
  });
});

describe('Accept-Language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['hi', 'hi'],
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['en-IN,en;q=0.9,hi;q=0.8', 'en'],
    ['fr-FR,hi;q=0.5', 'hi'],
    ['en;q=0.1, hi;q=0.9', 'hi'],
    ['hi;q=0, en', 'en'],
    ['de, fr', 'en'],
    ['*', 'en'],
    [';;;,,,q=', 'en'],
    ['HI-in', 'hi'],
  ])('%s -> %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});
