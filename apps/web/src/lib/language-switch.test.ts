import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptServerLanguage, languageField, page, switchLanguage } from './language-switch';

describe('adoptServerLanguage (a signed-in person’s language)', () => {
  afterEach(() => window.localStorage.clear());

  it('none chosen yet: saves this device’s choice for them, and stays', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    window.localStorage.setItem('language', 'hi');
    const save = vi.fn(() => Promise.resolve(true));
    expect(adoptServerLanguage(null, save)).toBe(false);
    expect(save).toHaveBeenCalledWith('hi');
    expect(reload).not.toHaveBeenCalled();
  });

  it('none chosen and nothing on this device: saves English', () => {
    vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const save = vi.fn(() => Promise.resolve(true));
    adoptServerLanguage(null, save);
    expect(save).toHaveBeenCalledWith('en');
  });

  it('a failed background save is swallowed', async () => {
    const save = vi.fn(() => Promise.reject(new Error('offline')));
    expect(adoptServerLanguage(null, save)).toBe(false);
    await Promise.resolve();
  });

  it('the same as this device’s: nothing', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    window.localStorage.setItem('language', 'hi');
    const save = vi.fn(() => Promise.resolve(true));
    expect(adoptServerLanguage('hi', save)).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('another than this device’s: becomes this device’s, and the page reloads in it', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const save = vi.fn(() => Promise.resolve(true));
    expect(adoptServerLanguage('hi', save)).toBe(true);
    expect(window.localStorage.getItem('language')).toBe('hi');
    expect(save).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a device that cannot keep the choice does not reload (no loop)', () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(adoptServerLanguage('hi', () => Promise.resolve(true))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('an answer without the field (an API before issue 20) does nothing', () => {
    const save = vi.fn(() => Promise.resolve(true));
    expect(adoptServerLanguage(undefined, save)).toBe(false);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('switchLanguage', () => {
  it('answers false and keeps the device’s choice when the server does not take it', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    expect(await switchLanguage('hi', () => Promise.resolve(false))).toBe(false);
    expect(window.localStorage.getItem('language')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('languageField', () => {
  it('reads `language` defensively', () => {
    expect(languageField({ language: 'hi' })).toBe('hi');
    expect(languageField({ language: 'en' })).toBe('en');
    expect(languageField({ language: null })).toBeNull();
    expect(languageField({ language: 'fr' })).toBeUndefined();
    expect(languageField({})).toBeUndefined();
    expect(languageField(null)).toBeUndefined();
    expect(languageField('hi')).toBeUndefined();
  });
});
