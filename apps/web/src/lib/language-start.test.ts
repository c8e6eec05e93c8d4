import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, languageMessages, setLanguage } from '@app/shared';
import { createAppTheme } from '@/app/theme';
import { dropPrerender, startLanguage } from './language-start';
import { setThemeLanguage, themeLanguage } from './language-theme';

// One test file, one module graph: the Hindi test loads Hindi for the tests after it.
describe('startLanguage', () => {
  afterEach(() => {
    setLanguage('en');
    setThemeLanguage({});
    document.documentElement.lang = 'en';
  });

  it('English (nothing chosen): English texts, <html lang="en">, the theme as it was, nothing of Hindi loaded', async () => {
    const before = createAppTheme().typography.fontFamily;
    expect(await startLanguage()).toBe('en');
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(languageMessages.label).toBe('Language');
    expect(languageMessages.saveFailed).toBe('The language could not be saved. Please try again.');
    expect(themeLanguage()).toEqual({});
    expect(createAppTheme().typography.fontFamily).toBe(before);
    expect(before?.startsWith('Roboto,')).toBe(true);
  });

  it('Hindi (the device’s choice): Hindi texts, <html lang="hi">, the Devanagari font first, MUI’s Hindi texts', async () => {
    window.localStorage.setItem('language', 'hi');
    const add = vi.fn();
    vi.stubGlobal(
      'FontFace',
      class {
        constructor(
          readonly family: string,
          readonly source: string,
          readonly descriptors: FontFaceDescriptors,
        ) {}
      },
    );
    Object.defineProperty(document, 'fonts', { configurable: true, value: { add } });
    expect(await startLanguage()).toBe('hi');
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(languageMessages.label).toBe('भाषा');
    expect(languageMessages.saveFailed).toBe('भाषा सहेजी नहीं जा सकी। कृपया फिर से प्रयास करें।');
    const theme = createAppTheme();
    expect(theme.typography.fontFamily?.startsWith('"Noto Sans Devanagari",Roboto,')).toBe(true);
    // MUI's own texts (hiIN): the pagination's labels.
    expect(theme.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBeTruthy();
    // Five weights, each only for Devanagari.
    expect(add).toHaveBeenCalledTimes(5);
    const faces = add.mock.calls.map((call) => call[0] as { family: string; descriptors: FontFaceDescriptors });
    const weights = faces.map((face) => face.descriptors.weight);
    expect(weights).toEqual(['400', '500', '600', '700', '800']);
    for (const face of faces) {
      expect(face.family).toBe('Noto Sans Devanagari');
      expect(face.descriptors.unicodeRange).toMatch(/^U\+0900-097F,/);
    }
  });
});

describe('dropPrerender', () => {
  it('drops the prerendered page and its emotion styles, nothing else', () => {
    document.head.innerHTML = '<style data-emotion="css abc">.x{}</style><style id="other"></style>';
    document.body.innerHTML = '<div id="root"><main>Sign In</main></div>';
    dropPrerender(document.getElementById('root'));
    expect(document.getElementById('root')?.childElementCount).toBe(0);
    expect(document.head.querySelectorAll('style[data-emotion]')).toHaveLength(0);
    expect(document.getElementById('other')).not.toBeNull();
  });
});
