import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeSession } from '@/test/fixtures';
import { renderApp } from '@/test/render';

// The first visit imports a lazy route cold, which can take over a second on a loaded machine.
const cold = { timeout: 10_000 };

describe('route guards', () => {
  it('sends a visitor without a session from /app/dashboard to /login', async () => {
    const { router } = renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Sign In' }, cold);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects the bare /app to the dashboard for a signed-in admin', async () => {
    storeSession();
    const { router } = renderApp('/app');
    await screen.findByRole('heading', { name: 'Welcome Admin!' }, cold);
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('treats a stored admin that is not valid JSON as no session', async () => {
    window.localStorage.setItem('admin', 'not-json');
    const { router } = renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Sign In' }, cold);
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/register'])('sends a signed-in admin from %s to /app/dashboard', async (path) => {
    storeSession();
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: 'Welcome Admin!' }, cold);
    expect(router.state.location.pathname).toBe('/app/dashboard');
  });

  it('shows the registration page to a visitor', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Library Registration' }, cold)).toBeTruthy();
  });

  it('shows the 404 screen for an unknown path, and Back to Home goes to /login', async () => {
    const { router } = renderApp('/no/such/page');
    await screen.findByRole('heading', { name: '404 Page Not Found' }, cold);
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    await screen.findByRole('heading', { name: 'Sign In' }, cold);
    expect(router.state.location.pathname).toBe('/login');
  });
});
