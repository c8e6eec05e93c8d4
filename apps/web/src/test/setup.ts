import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// A test file may run without a page (`@vitest-environment node`, as the build's prerendering does).
const hasPage = typeof window !== 'undefined';

if (hasPage) {
  // jsdom has no matchMedia; MUI's useMediaQuery needs one. Wide screen, light preference.
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: /min-width/.test(query) && !/prefers-color-scheme/.test(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  // jsdom does not scroll; React Router's scroll restoration calls this on every navigation.
  window.scrollTo = () => undefined;
}

afterEach(() => {
  if (hasPage) {
    cleanup();
    window.localStorage.clear();
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
