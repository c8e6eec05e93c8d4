import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '@app/shared';
import { isLanguageChoice, LANGUAGE_STORAGE_KEY, readLanguageChoice, saveLanguageChoice } from './language';

describe("the device's language choice", () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('is English when nothing is saved', () => {
    expect(readLanguageChoice()).toBe('en');
    expect(readLanguageChoice()).toBe(DEFAULT_LANGUAGE);
  });

  it("validates as the shared isLanguage does (restated for the head script's size)", () => {
    for (const value of [...LANGUAGES, 'fr', 'EN', '', null, undefined, 1, {}, ['en']]) {
      expect(isLanguageChoice(value)).toBe(isLanguage(value));
    }
  });

  it('reads back what was saved, under the `language` key', () => {
    saveLanguageChoice('hi');
    expect(window.localStorage.getItem('language')).toBe('hi');
    expect(LANGUAGE_STORAGE_KEY).toBe('language');
    expect(readLanguageChoice()).toBe('hi');
    saveLanguageChoice('en');
    expect(readLanguageChoice()).toBe('en');
  });

  it('treats an unknown value as English', () => {
    for (const value of ['fr', 'HI', 'hi-IN', '', '"hi"']) {
      window.localStorage.setItem('language', value);
      expect(readLanguageChoice()).toBe('en');
    }
  });

  it('is English, and saving does not throw, when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(readLanguageChoice()).toBe('en');
    expect(() => saveLanguageChoice('hi')).not.toThrow();
  });
});
