import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_STARTED_EVENT } from './app-started';

/** The sign-in page's head script for a visitor who chose another language than the prerendered English (issue 20). */
describe('the sign-in page’s head script, by language', () => {
  const root = document.documentElement;
  const spaScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')];

  beforeEach(() => {
    // As login.html starts: <html lang="en">.
    root.lang = 'en';
    const script = document.createElement('script');
    script.dataset.spa = '/assets/index-abcdefgh.js';
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
    vi.resetModules();
  });

  afterEach(() => {
    Reflect.deleteProperty(document, 'currentScript');
    for (const script of spaScripts()) script.remove();
    root.style.removeProperty('visibility');
    root.lang = 'en';
  });

  it('English: the prerendered page shows, and the app waits for the visitor', async () => {
    await import('./login-head');
    expect(root.lang).toBe('en');
    expect(root.style.visibility).toBe('');
    expect(spaScripts()).toHaveLength(0);
  });

  it('Hindi: the English page is hidden and says it is Hindi, the app starts at once and shows the page once it has rendered', async () => {
    window.localStorage.setItem('language', 'hi');
    await import('./login-head');
    expect(root.lang).toBe('hi');
    expect(root.style.visibility).toBe('hidden');
    expect(spaScripts().map((script) => script.getAttribute('src'))).toEqual(['/assets/index-abcdefgh.js']);
    document.dispatchEvent(new Event(APP_STARTED_EVENT));
    expect(root.style.visibility).toBe('');
  });

  it('Hindi, the app failing to load: the English page shows rather than nothing', async () => {
    window.localStorage.setItem('language', 'hi');
    await import('./login-head');
    expect(root.style.visibility).toBe('hidden');
    spaScripts()[0]!.dispatchEvent(new Event('error'));
    expect(root.style.visibility).toBe('');
  });
});
