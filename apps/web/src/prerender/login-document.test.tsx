import { StrictMode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter, loadRoutesFor } from '@/app/router';
import { createAppStore } from '@/lib/store';
import { LOGIN_PATH, prerenderLogin } from './login-document';

describe('the prerendered sign-in page', () => {
  it('is the SPA’s /login route: its title, the form posting nowhere visible, the links', async () => {
    const { title, html } = await prerenderLogin();
    expect(title).toBe(`${messages.login.title} · ${messages.app.name}`);
    expect(html).toContain(`>${messages.login.title}</h1>`);
    expect(html.match(/<form\b[^>]*>/g)).toEqual([expect.stringContaining('method="post"')]);
    expect(html).toContain('id="identifier"');
    expect(html).toContain('href="/register"');
  });

  it('is hydrated by the app’s own tree without a mismatch, and the form then works', async () => {
    const { html } = await prerenderLogin();
    window.history.replaceState(null, '', LOGIN_PATH);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const identifier = container.querySelector('#identifier');

    const errors: unknown[] = [];
    await loadRoutesFor(window.location);
    await act(async () => {
      hydrateRoot(
        container,
        <StrictMode>
          <AppProvider store={createAppStore()}>
            <AppRouter router={createAppRouter()} />
          </AppProvider>
        </StrictMode>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    // The same element: hydrated, not rendered again.
    expect(container.querySelector('#identifier')).toBe(identifier);
    container.querySelector('form')?.requestSubmit();
    await expect.poll(() => container.textContent).toContain(messages.login.invalidEmail);
    container.remove();
  });
});
