import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLanguageCookie } from '@/lib/language';
import { keepLanguageInStep, LANGUAGE_RELOAD_KEY } from './landing-language';

// The landing page as the server sent it: English (landing.html) or Hindi (landing.hi.html).
const servePage = (lang: 'en' | 'hi') => (document.documentElement.lang = lang);
const root = document.documentElement;

describe("the landing page's language, in step with the device's choice (issue 20)", () => {
  beforeEach(() => servePage('en'));
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.sessionStorage.clear();
    document.cookie = 'language=; path=/; max-age=0';
    root.style.removeProperty('visibility');
  });

  it('leaves the page alone for a device that chose nothing', () => {
    const reload = vi.fn();
    expect(keepLanguageInStep(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(readLanguageCookie()).toBeNull();
    expect(window.localStorage.getItem('language')).toBeNull();
  });

  it('sets the cookie for a Hindi device without it, hides the English page and reloads, once', () => {
    window.localStorage.setItem('language', 'hi');
    const reload = vi.fn();
    expect(keepLanguageInStep(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readLanguageCookie()).toBe('hi');
    expect(root.style.visibility).toBe('hidden');
    // Should the server answer the English page again, it shows rather than reloading for ever.
    root.style.removeProperty('visibility');
    expect(keepLanguageInStep(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(root.style.visibility).toBe('');
    // The Hindi page, once there, forgets the reload: a later choice reloads again.
    servePage('hi');
    expect(keepLanguageInStep(reload)).toBe(false);
    expect(window.sessionStorage.getItem(LANGUAGE_RELOAD_KEY)).toBeNull();
  });

  it('goes back to English for an English device the Hindi page reached (a cookie left from before)', () => {
    window.localStorage.setItem('language', 'en');
    document.cookie = 'language=hi; path=/';
    servePage('hi');
    const reload = vi.fn();
    expect(keepLanguageInStep(reload)).toBe(true);
    expect(readLanguageCookie()).toBe('en');
  });

  it('writes the missing cookie without a reload when the page is already in the device language', () => {
    window.localStorage.setItem('language', 'en');
    const reload = vi.fn();
    expect(keepLanguageInStep(reload)).toBe(false);
    expect(readLanguageCookie()).toBe('en');
    expect(reload).not.toHaveBeenCalled();
  });

  it('takes a Hindi page as the choice of a device that chose nothing (the links without JavaScript)', () => {
    document.cookie = 'language=hi; path=/';
    servePage('hi');
    expect(keepLanguageInStep(vi.fn())).toBe(false);
    expect(window.localStorage.getItem('language')).toBe('hi');
  });

  it('does not reload when the cookie cannot be kept', () => {
    window.localStorage.setItem('language', 'hi');
    vi.spyOn(document, 'cookie', 'set').mockImplementation(() => undefined);
    const reload = vi.fn();
    expect(keepLanguageInStep(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(root.style.visibility).toBe('');
  });
});
