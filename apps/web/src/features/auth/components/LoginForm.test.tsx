import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, jsonResponse, stubFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render';

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign In' });
  return app;
}

const identifier = () => screen.getByLabelText('Identifier');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: /^Sign(ing)? In/ });

describe('Sign in', { timeout: 15_000 }, () => {
  it('shows the schema messages under the fields and calls nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn<typeof fetch>();
    stubFetch(fetchMock);
    await openLogin();

    await user.type(identifier(), 'not-an-email');
    await user.type(password(), '12345');
    await user.click(submit());

    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(identifier().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads Signing In... and is disabled while the call is under way, then opens the dashboard', async () => {
    const user = userEvent.setup();
    let reply: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (reply = resolve)));
    stubFetch(fetchMock);
    const { router } = await openLogin();

    await user.type(identifier(), 'Priya@GyanDeep.in');
    await user.type(password(), 'secret123');
    await user.click(submit());

    const busy = await screen.findByRole('button', { name: 'Signing In...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/auth/login');
    expect(await request.clone().json()).toEqual({ identifier: 'priya@gyandeep.in', password: 'secret123' });

    reply(jsonResponse({ status: true, message: 'Logged in', data: fakeSession }));

    await screen.findByRole('heading', { name: 'Welcome Admin!' });
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(JSON.parse(window.localStorage.getItem('admin') ?? 'null')).toEqual(fakeSession);
    expect(await screen.findByText('Logged in successfully!')).toBeTruthy();
  });

  it("shows the server's message when sign-in is refused", async () => {
    const user = userEvent.setup();
    stubFetch(
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          jsonResponse({ status: false, code: 401, message: 'Invalid email or password', errors: [] }, 401),
        ),
    );
    const { router } = await openLogin();
    await user.type(identifier(), 'priya@gyandeep.in');
    await user.type(password(), 'wrong-password');
    await user.click(submit());

    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('admin')).toBeNull();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the network error's message when the server cannot be reached", async () => {
    const user = userEvent.setup();
    stubFetch(vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')));
    await openLogin();
    await user.type(identifier(), 'priya@gyandeep.in');
    await user.type(password(), 'secret123');
    await user.click(submit());
    expect(await screen.findByText('Failed to fetch')).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    await openLogin();
    expect(password().getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().getAttribute('type')).toBe('password');
  });

  it('links to /forgot-password and /register', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: /Register your library/ }).getAttribute('href')).toBe('/register');
  });
});
