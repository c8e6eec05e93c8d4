import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Screens and dialogs load lazily (issue 18): on a loaded CI machine the first import of a chunk in
// jsdom can take longer than Testing Library's 1 s default for findBy/waitFor (a fresh-clone CI run
// failed so: the registration page still showed its spinner). Each test keeps its own overall timeout.
configure({ asyncUtilTimeout: 5000 });

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
