import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSession, jsonResponse, storeSession, stubFetch } from '@/test/fixtures';
import { LAZY_DIALOG_TIMEOUT, renderApp } from '@/test/render';
import { page } from '@/lib/language-switch';

async function openShell() {
  storeSession();
  const app = renderApp('/app/dashboard');
  // The first visit imports the shell and the dashboard cold: slow on a loaded machine.
  await screen.findByRole('heading', { name: 'Welcome Admin!' }, { timeout: 10_000 });
  return app;
}

/** The dashboard behind the shell loads its figures; these tests are about the shell, so they wait. */
const isDashboardCall = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname.startsWith(
    '/api/dashboard/',
  );

function answer(...responses: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) fetchMock.mockResolvedValueOnce(response);
  stubFetch(((input, init) =>
    isDashboardCall(input) ? new Promise<Response>(() => undefined) : fetchMock(input, init)) as typeof fetch);
  return fetchMock;
}

describe('app shell', { timeout: 15_000 }, () => {
  it('shows the sidebar links with the current one highlighted', async () => {
    await openShell();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/app/dashboard',
      '/app/check-in',
      '/app/attendance',
      '/app/student',
      '/app/area',
      '/app/seats',
      '/app/subscription',
      '/app/fee-report',
      '/app/dues',
      '/app/day-book',
      '/app/expenses',
      '/app/profit',
      '/app/notifications',
      '/app/activity',
      '/app/settings',
      '/app/team',
    ]);
    expect(links[0]?.className).toContain('Mui-selected');
    expect(links[1]?.className).not.toContain('Mui-selected');
  });

  it("hides what the desk's role cannot do: the owner's and manager's screens, and Send notification", async () => {
    storeSession({ ...fakeSession, role: 'desk' });
    answer();
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Welcome Admin!' }, { timeout: 10_000 });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/app/dashboard',
      '/app/check-in',
      '/app/attendance',
      '/app/student',
      '/app/area',
      '/app/seats',
      '/app/subscription',
      '/app/fee-report',
      '/app/dues',
      '/app/day-book',
      '/app/notifications',
    ]);
    expect(screen.queryByRole('button', { name: 'Send notification' })).toBeNull();
  });

  it('shows a manager everything but Team and Settings', async () => {
    storeSession({ ...fakeSession, role: 'manager' });
    answer();
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Welcome Admin!' }, { timeout: 10_000 });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toContain('/app/expenses');
    expect(links).toContain('/app/activity');
    expect(links).not.toContain('/app/settings');
    expect(links).not.toContain('/app/team');
    expect(screen.getByRole('button', { name: 'Send notification' })).toBeTruthy();
  });

  it('cycles the theme light → dark → system and saves it', async () => {
    const user = userEvent.setup();
    const { store } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Light theme' }));
    await user.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(store.getState().theme.mode).toBe('system');
    expect(window.localStorage.getItem('theme')).toBe('system');
    expect(screen.getByRole('button', { name: 'System theme' })).toBeTruthy();
  });

  it('logs out: clears the stored admin and goes to /login even if the call fails', async () => {
    const user = userEvent.setup();
    const fetchMock = answer(jsonResponse({ status: false, code: 500, message: 'down', errors: [] }, 500));
    const { router } = await openShell();
    await user.click(screen.getByRole('button', { name: fakeSession.name }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('admin')).toBeNull();
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/auth/logout');
  });

  it('requires a title and a body to send a notification', async () => {
    const user = userEvent.setup();
    const fetchMock = answer();
    await openShell();
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send Push Notification' },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    await user.type(within(dialog).getByLabelText(/^Title/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Body is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a notification to premium users and confirms it', async () => {
    const user = userEvent.setup();
    const fetchMock = answer(jsonResponse({ status: 'success', message: 'Sent', data: {} }));
    await openShell();
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send Push Notification' },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    await user.type(within(dialog).getByLabelText(/^Title/), 'Holiday');
    await user.type(within(dialog).getByLabelText(/^Body/), 'Closed on Monday');
    await user.click(within(dialog).getByLabelText('Send to premium users only'));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Notification sent successfully!')).toBeTruthy();
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/admin/sendFCMNotificationToAllUsers');
    expect(await request.json()).toEqual({ title: 'Holiday', body: 'Closed on Monday', premiumOnly: true });
  });

  it('reports a failed notification', async () => {
    const user = userEvent.setup();
    answer(jsonResponse({ status: false, code: 404, message: 'Route not found', errors: [] }, 404));
    await openShell();
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send Push Notification' },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    await user.type(within(dialog).getByLabelText(/^Title/), 'Holiday');
    await user.type(within(dialog).getByLabelText(/^Body/), 'Closed on Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send notification. Please try again.')).toBeTruthy();
  });

  it('has the language switch in the top bar, and adopts the language /auth/me answers (issue 20)', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    // The shell's session check answers the stored person: one who chose Hindi on another device.
    storeSession({ ...fakeSession, language: 'hi' });
    answer();
    renderApp('/app/dashboard');
    await screen.findByRole('heading', { name: 'Welcome Admin!' }, { timeout: 10_000 });
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group.closest('header')).not.toBeNull();
    expect(within(group).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(window.localStorage.getItem('language')).toBe('hi');
  });

  it('on an expired session, removes the stored admin and ends on /login', async () => {
    const user = userEvent.setup();
    answer(jsonResponse({ status: false, code: 401, message: 'Invalid or expired token', errors: [] }, 401));
    const { router, store } = await openShell();
    await user.click(screen.getByRole('button', { name: 'Send notification' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Send Push Notification' },
      { timeout: LAZY_DIALOG_TIMEOUT },
    );
    await user.type(within(dialog).getByLabelText(/^Title/), 'Holiday');
    await user.type(within(dialog).getByLabelText(/^Body/), 'Closed on Monday');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await screen.findByRole('heading', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('admin')).toBeNull();
    expect(store.getState().auth.status).toBe(false);
    expect(await screen.findByText('Invalid or expired token')).toBeTruthy();
  });
});
