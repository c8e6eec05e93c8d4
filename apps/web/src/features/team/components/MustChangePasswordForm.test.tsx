import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, teamScreenMessages } from '@app/shared';
import { fakeSession, jsonResponse, storeSession, type Handler } from '@/test/fixtures';
import { renderApp } from '@/test/render';

configure({ asyncUtilTimeout: 10_000 });

const c = teamScreenMessages.mustChange;
const { token: _token, expiresAt: _expiresAt, ...admin } = fakeSession;

/** Answers the API by `handlers`, and /auth/me with the person as the server knows them now. */
function serve(handlers: Record<string, Handler>, me: () => typeof admin) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const request = input as Request;
      const key = `${request.method} ${new URL(request.url).pathname}`;
      if (key === 'GET /api/auth/me') return jsonResponse({ status: true, message: 'OK', data: me() });
      requests.push(request.clone());
      const handler = handlers[key];
      return handler ? handler(request) : jsonResponse({ status: false, code: 404, message: 'Not found' }, 404);
    }),
  );
  return requests;
}

const refused = (message: string, status: number, errors: unknown[] = []) =>
  jsonResponse({ status: false, code: status, message, errors }, status);

describe('must-change-password screen', { timeout: 30_000 }, () => {
  it('stands in for every screen until the person chooses their own password, then the app opens', async () => {
    storeSession({ ...fakeSession, role: 'desk', mustChangePassword: true });
    let calls = 0;
    const requests = serve(
      {
        'POST /api/auth/change-password': () =>
          ++calls === 1
            ? refused('Current password is incorrect', 400, [
                { field: 'currentPassword', message: 'Current password is incorrect' },
              ])
            : jsonResponse({ status: true, message: messages.team.passwordChanged, data: null }),
      },
      () => ({ ...admin, role: 'desk', mustChangePassword: calls < 2 }),
    );
    const user = userEvent.setup();
    renderApp('/app/student');
    expect(await screen.findByRole('heading', { name: c.title })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();

    await user.type(screen.getByLabelText(c.currentLabel), 'wrong-one');
    await user.type(screen.getByLabelText(c.newLabel), 'my-own-pass');
    await user.type(screen.getByLabelText(c.confirmLabel), 'my-own-pass');
    await user.click(screen.getByRole('button', { name: c.submit }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();

    await user.clear(screen.getByLabelText(c.currentLabel));
    await user.type(screen.getByLabelText(c.currentLabel), 'kite-plum-4821');
    await user.click(screen.getByRole('button', { name: c.submit }));
    expect(await screen.findByText(messages.team.passwordChanged)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: c.title })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('admin') ?? 'null').mustChangePassword).toBe(false);
    const sent = requests.filter((request) => request.method === 'POST');
    expect(await (sent[1] as Request).json()).toEqual({ currentPassword: 'kite-plum-4821', password: 'my-own-pass' });
  });

  it('signs out from there', async () => {
    storeSession({ ...fakeSession, mustChangePassword: true });
    serve({ 'POST /api/auth/logout': () => jsonResponse({ status: true, message: 'Logged out', data: null }) }, () => ({
      ...admin,
      mustChangePassword: true,
    }));
    const user = userEvent.setup();
    const { router } = renderApp('/app/dashboard');
    await user.click(await screen.findByRole('button', { name: c.signOut }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('admin')).toBeNull();
  });
});

describe('the signed-in person as the server knows them', { timeout: 30_000 }, () => {
  it('takes a role changed meanwhile, and a one-time password set meanwhile, from /auth/me', async () => {
    storeSession(fakeSession);
    serve({}, () => ({ ...admin, role: 'desk', mustChangePassword: true }));
    renderApp('/app/student');
    expect(await screen.findByRole('heading', { name: c.title })).toBeTruthy();
    const stored = JSON.parse(window.localStorage.getItem('admin') ?? 'null');
    expect(stored).toMatchObject({ role: 'desk', mustChangePassword: true, token: fakeSession.token });
  });
});
