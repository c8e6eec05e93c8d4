import { startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter, loadRoutesFor } from '@/app/router';
import { createAppStore } from '@/lib/store';
import { stubFetch } from '@/test/fixtures';
import { APP_LISTENING_EVENT } from './app-started';
import { LOGIN_PATH, prerenderLogin } from './login-document';

/**
 * The head script's hold on a form sent before React takes it (login-head.ts), with the app's own
 * hydration as main.tsx does it: in a transition, React listening from `hydrateRoot` on. Each
 * sending must reach the server once: never lost, never twice.
 */
describe('the sign-in page’s head script', { timeout: 15_000 }, () => {
  let container: HTMLElement;
  let root: Root | undefined;
  let logins: number;
  let removeListeners = () => {};
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;

  beforeEach(async () => {
    // React is left to its own scheduling, as in the browser, so the moment between `hydrateRoot`
    // and its commit exists.
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: false });
    logins = 0;
    // The sign-in request is counted and never answered (an answer would leave a toast behind).
    stubFetch(
      vi.fn<typeof fetch>(() => {
        logins += 1;
        return new Promise<Response>(() => {});
      }),
    );
    window.history.replaceState(null, '', LOGIN_PATH);
    container = document.createElement('div');
    container.innerHTML = (await prerenderLogin()).html;
    document.body.append(container);
    // Typed in before React: the fields' values are the page's.
    container.querySelector<HTMLInputElement>('#identifier')!.value = 'ravi@example.com';
    container.querySelector<HTMLInputElement>('#password')!.value = 'secret1';
    // A fresh copy of the script for each page; its listeners go with the page (afterEach).
    const windowListeners = vi.spyOn(window, 'addEventListener');
    const documentListeners = vi.spyOn(document, 'addEventListener');
    vi.resetModules();
    await import('./login-head');
    const added = [
      ...windowListeners.mock.calls.map((call) => [window, ...call] as const),
      ...documentListeners.mock.calls.map((call) => [document, ...call] as const),
    ];
    windowListeners.mockRestore();
    documentListeners.mockRestore();
    removeListeners = () => {
      for (const [target, type, listener, options] of added) target.removeEventListener(type, listener, options);
    };
    await loadRoutesFor(window.location);
  });

  afterEach(() => {
    removeListeners();
    root?.unmount();
    root = undefined;
    container.remove();
    Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: actEnvironment });
    vi.unstubAllGlobals();
  });

  /** main.tsx's start of a prerendered page. */
  function hydrate() {
    const app = (
      <StrictMode>
        <AppProvider store={createAppStore()}>
          <AppRouter router={createAppRouter()} />
        </AppProvider>
      </StrictMode>
    );
    startTransition(() => void (root = hydrateRoot(container, app)));
    document.dispatchEvent(new Event(APP_LISTENING_EVENT));
  }

  const form = () => container.querySelector('form')!;
  const isHydrated = () => Object.keys(form()).some((key) => key.startsWith('__reactFiber'));
  const sentOnce = async () => {
    await vi.waitFor(() => expect(logins).toBe(1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logins).toBe(1);
  };

  it('holds a form sent before React listens, without sending it natively, and sends it once React has started', async () => {
    const notCancelled = form().dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(notCancelled).toBe(false);
    hydrate();
    await sentOnce();
  });

  it('leaves to React a form sent by a click while React hydrates: sent once, not again once started', async () => {
    hydrate();
    expect(isHydrated()).toBe(false);
    // React hydrates the page at once for the click, and has started before the submit that follows.
    container
      .querySelector('button[type="submit"]')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(isHydrated()).toBe(true);
    await sentOnce();
  });

  it('holds a form sent alone while React hydrates, which React does not take, and sends it once started', async () => {
    hydrate();
    form().requestSubmit();
    expect(isHydrated()).toBe(false);
    await sentOnce();
  });

  const password = () => container.querySelector<HTMLInputElement>('#password')!;
  // The password field's own button (the language switch's come first on the page).
  const showPassword = () => password().parentElement!.querySelector<HTMLButtonElement>('button[type="button"]')!;

  it('makes a click on a button before React listens again once React has started: once', async () => {
    showPassword().click();
    expect(password().type).toBe('password');
    hydrate();
    await vi.waitFor(() => expect(password().type).toBe('text'), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(password().type).toBe('text');
  });

  it('leaves to React a click while React hydrates: made once, not again once started', async () => {
    hydrate();
    expect(isHydrated()).toBe(false);
    // As a pointer's click arrives (`click()` would not let the click be made again inside it).
    showPassword().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(isHydrated()).toBe(true);
    await vi.waitFor(() => expect(password().type).toBe('text'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(password().type).toBe('text');
  });
});
