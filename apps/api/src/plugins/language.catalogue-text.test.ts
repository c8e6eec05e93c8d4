import { describe, expect, it } from 'vitest';
import { i18n } from '@app/shared';
import { registerLibrary, useTestApp } from '../test/helpers';
import { catalogueText, withLanguage } from './language';

const t = useTestApp();

describe('catalogueText', () => {
  it('answers the text of the language asked, read once per language', () => {
    const reads: string[] = [];
    const text = catalogueText(() => {
      const read = `read in ${reads.length}`;
      reads.push(read);
      return read;
    });
    // Each language's first call reads; later calls answer what it read, whatever the order.
    expect(withLanguage('hi', text)).toBe('read in 0');
    expect(withLanguage('en', text)).toBe('read in 1');
    expect(withLanguage('hi', text)).toBe('read in 0');
    expect(withLanguage('en', text)).toBe('read in 1');
    expect(reads).toHaveLength(2);
  });

  it("gives the students and areas lists their message in each request's language, requests interleaved", async () => {
    const library = await registerLibrary(t.app);
    for (const [url, key] of [
      ['/api/user', 'listed'],
      ['/api/area', 'listed'],
      ['/api/area/all', 'listed'],
    ] as const) {
      const ns = url.startsWith('/api/user') ? 'students' : 'areas';
      const english = i18n.t(key, { ns, lng: 'en' });
      const hindi = i18n.t(key, { ns, lng: 'hi' });
      expect(hindi).not.toBe(english);
      for (const language of ['hi', 'en', 'hi', 'en'] as const) {
        const response = await t.app.inject({ url, headers: { ...library.auth, 'accept-language': language } });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().message, `${url} ${language}`).toBe(language === 'hi' ? hindi : english);
      }
    }
  });
});
