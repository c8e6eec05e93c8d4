import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LANGUAGE_COOKIE,
  readLanguageCookie,
  readSavedLanguageChoice,
  saveLanguageChoice,
  writeLanguageCookie,
} from './language';

const clearCookie = () => (document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`);

describe("the device's language choice in the `language` cookie (issue 20)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
    clearCookie();
  });

  it('is written where the device choice is, for the whole site, a year, SameSite=Lax', () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    saveLanguageChoice('hi');
    expect(written).toEqual(['language=hi; path=/; max-age=31536000; SameSite=Lax']);
    expect(window.localStorage.getItem('language')).toBe('hi');
  });

  it('reads back what was saved, beside the other cookies', () => {
    document.cookie = 'theme=dark; path=/';
    saveLanguageChoice('hi');
    expect(readLanguageCookie()).toBe('hi');
    saveLanguageChoice('en');
    expect(readLanguageCookie()).toBe('en');
    writeLanguageCookie('hi');
    expect(readLanguageCookie()).toBe('hi');
    expect(document.cookie).toContain('theme=dark');
    document.cookie = 'theme=; path=/; max-age=0';
  });

  it('reads none, or an unknown value, as no choice', () => {
    expect(readLanguageCookie()).toBeNull();
    for (const value of ['fr', 'HI', 'hi-IN', '']) {
      document.cookie = `language=${value}; path=/`;
      expect(readLanguageCookie(), value).toBeNull();
    }
    document.cookie = 'xlanguage=hi; path=/';
    expect(readLanguageCookie()).toBeNull();
    document.cookie = 'xlanguage=; path=/; max-age=0';
  });

  it('keeps the choice in storage when cookies are refused', () => {
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(() => saveLanguageChoice('hi')).not.toThrow();
    expect(window.localStorage.getItem('language')).toBe('hi');
  });

  it("tells a saved choice from none (the landing page's head script)", () => {
    expect(readSavedLanguageChoice()).toBeNull();
    window.localStorage.setItem('language', 'fr');
    expect(readSavedLanguageChoice()).toBeNull();
    saveLanguageChoice('en');
    expect(readSavedLanguageChoice()).toBe('en');
    saveLanguageChoice('hi');
    expect(readSavedLanguageChoice()).toBe('hi');
  });
});
