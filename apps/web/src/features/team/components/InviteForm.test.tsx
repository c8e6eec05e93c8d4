import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type InvitationPreview, teamScreenMessages } from '@app/shared';
import { fakeSession, jsonResponse, serve } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { tokenFromFragment } from './InviteForm';

configure({ asyncUtilTimeout: 10_000 });

const t = teamScreenMessages;
const p = t.invitePage;
const TOKEN = 'tok_abc123';

const PREVIEW: InvitationPreview = {
  libraryName: 'Gyan Deep Library',
  invitedBy: 'Priya Sharma',
  name: 'Ravi Kumar',
  email: 'ravi@gyandeep.in',
  role: 'desk',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

const refused = (message: string, status: number, errors: unknown[] = []) =>
  jsonResponse({ status: false, code: status, message, errors }, status);

describe('tokenFromFragment', () => {
  it('reads the token from the fragment, and nothing from an empty or other one', () => {
    expect(tokenFromFragment('#token=abc')).toBe('abc');
    expect(tokenFromFragment('#token=')).toBeNull();
    expect(tokenFromFragment('')).toBeNull();
    expect(tokenFromFragment('#code=abc')).toBeNull();
  });
});

describe('invitation page', { timeout: 30_000 }, () => {
  it('says the link is not complete when it has no token, with the way to sign in', async () => {
    const requests = serve({});
    renderApp('/invite');
    expect(await screen.findByText(p.noToken)).toBeTruthy();
    expect(screen.getByRole('link', { name: p.signIn }).getAttribute('href')).toBe('/login');
    expect(requests).toHaveLength(0);
  });

  it("shows the server's reason for an expired link", async () => {
    serve({ [`GET /api/invitations/${TOKEN}`]: () => refused(messages.team.invitationExpired, 410) });
    renderApp(`/invite#token=${TOKEN}`);
    expect(await screen.findByText(messages.team.invitationExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: p.signIn })).toBeTruthy();
  });

  it('shows who invites to what while it checks, then joins with a password and signs in', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests = serve({
      [`GET /api/invitations/${TOKEN}`]: async () => {
        await held;
        return jsonResponse({ status: true, message: 'OK', data: PREVIEW });
      },
      [`POST /api/invitations/${TOKEN}/accept`]: () =>
        jsonResponse({ status: true, message: messages.team.joined, data: { ...fakeSession, role: 'desk' } }, 201),
      'GET /api/dashboard': () => jsonResponse({ status: false, code: 500, message: 'x', errors: [] }, 500),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/invite#token=${TOKEN}`);
    expect(await screen.findByText(p.loading)).toBeTruthy();
    release();
    expect(await screen.findByText(p.intro('Priya Sharma', 'Gyan Deep Library', t.roles.desk))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: p.join }));
    expect(await screen.findByText(messages.team.passwordRequired)).toBeTruthy();
    await user.type(screen.getByLabelText(p.passwordLabel), 'desk-pass-1');
    await user.type(screen.getByLabelText(p.confirmLabel), 'desk-pass-2');
    await user.click(screen.getByRole('button', { name: p.join }));
    expect(await screen.findByText(p.confirmMismatch)).toBeTruthy();
    await user.clear(screen.getByLabelText(p.confirmLabel));
    await user.type(screen.getByLabelText(p.confirmLabel), 'desk-pass-1');
    await user.click(screen.getByRole('button', { name: p.join }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    const accepted = requests.find((request) => request.method === 'POST') as Request;
    expect(await accepted.json()).toEqual({ password: 'desk-pass-1' });
    expect(JSON.parse(window.localStorage.getItem('admin') ?? 'null').role).toBe('desk');
  });

  it('shows a refusal at joining (the link used meanwhile) above the form', async () => {
    serve({
      [`GET /api/invitations/${TOKEN}`]: () => jsonResponse({ status: true, message: 'OK', data: PREVIEW }),
      [`POST /api/invitations/${TOKEN}/accept`]: () => refused(messages.team.invitationUsed, 410),
    });
    const user = userEvent.setup();
    renderApp(`/invite#token=${TOKEN}`);
    await user.type(await screen.findByLabelText(p.passwordLabel), 'desk-pass-1');
    await user.type(screen.getByLabelText(p.confirmLabel), 'desk-pass-1');
    await user.click(screen.getByRole('button', { name: p.join }));
    expect(await screen.findByText(messages.team.invitationUsed)).toBeTruthy();
    expect(window.localStorage.getItem('admin')).toBeNull();
  });
});
