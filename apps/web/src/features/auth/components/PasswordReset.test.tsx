import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, passwordResetMessages } from '@app/shared';
import { jsonResponse, stubFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const m = passwordResetMessages;
const path = (input: Request) => new URL(input.url).pathname;

/** A fetch that answers mail-status with `configured` and hands other calls to `rest`. */
function server(configured: boolean, rest: (request: Request) => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const request = input as Request;
    if (path(request) === '/api/auth/mail-status') {
      return jsonResponse({ status: true, message: 'OK', data: { configured } });
    }
    return rest(request);
  });
  stubFetch(fetchMock);
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof server>, url: string) =>
  fetchMock.mock.calls.map(([input]) => input as Request).filter((request) => path(request) === url);

describe('Forgot password (issue 16)', { timeout: 15_000 }, () => {
  it('opens from the sign-in page', async () => {
    const user = userEvent.setup();
    server(true, () => jsonResponse({}));
    const { router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: messages.login.forgotPassword }));
    await screen.findByRole('heading', { name: m.forgotTitle });
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('checks the email first, then sends it and shows the neutral answer', async () => {
    const user = userEvent.setup();
    const fetchMock = server(true, () => jsonResponse({ status: true, message: m.sent, data: null }));
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: m.forgotTitle });

    await user.type(screen.getByLabelText(m.email), 'nope');
    await user.click(screen.getByRole('button', { name: m.send }));
    expect(await screen.findByText(m.emailInvalid)).toBeTruthy();
    expect(calls(fetchMock, '/api/auth/forgot-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText(m.email));
    await user.type(screen.getByLabelText(m.email), ' Priya@GyanDeep.in ');
    await user.click(screen.getByRole('button', { name: m.send }));
    expect((await screen.findByRole('status')).textContent).toContain(m.sent);
    const [request] = calls(fetchMock, '/api/auth/forgot-password');
    expect(await request!.clone().json()).toEqual({ email: 'priya@gyandeep.in' });
    expect(screen.getByRole('link', { name: m.backToSignIn }).getAttribute('href')).toBe('/login');
  });

  it('says email is not set up when the server sends none, offering no form', async () => {
    server(false, () => jsonResponse({}));
    renderApp('/forgot-password');
    expect(await screen.findByText(m.mailNotConfigured)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.send })).toBeNull();
  });

  it("shows the server's refusal (too many attempts) and keeps the form", async () => {
    const user = userEvent.setup();
    server(true, () => jsonResponse({ status: false, message: messages.auth.tooManyAttempts }, 429));
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(m.email), 'a@b.co');
    await user.click(screen.getByRole('button', { name: m.send }));
    expect(await screen.findByText(messages.auth.tooManyAttempts)).toBeTruthy();
    expect(screen.getByLabelText(m.email)).toBeTruthy();
  });
});

describe('Reset password (issue 16)', { timeout: 15_000 }, () => {
  it('sends the token from the fragment with the new password, then offers sign-in', async () => {
    const user = userEvent.setup();
    const fetchMock = server(true, () => jsonResponse({ status: true, message: m.done, data: null }));
    renderApp('/reset-password#token=abc-123_XYZ');
    await screen.findByRole('heading', { name: m.resetTitle });

    await user.type(screen.getByLabelText(m.password), 'short');
    await user.type(screen.getByLabelText(m.confirmPassword), 'other');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.passwordMin)).toBeTruthy();
    expect(screen.getByText(m.passwordsDiffer)).toBeTruthy();
    expect(calls(fetchMock, '/api/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText(m.password));
    await user.clear(screen.getByLabelText(m.confirmPassword));
    await user.type(screen.getByLabelText(m.password), 'a-new-password');
    await user.type(screen.getByLabelText(m.confirmPassword), 'a-new-password');
    await user.click(screen.getByRole('button', { name: m.save }));

    expect((await screen.findByRole('status')).textContent).toContain(m.done);
    const [request] = calls(fetchMock, '/api/auth/reset-password');
    expect(await request!.clone().json()).toEqual({ token: 'abc-123_XYZ', password: 'a-new-password' });
    expect(screen.getByRole('link', { name: m.signIn }).getAttribute('href')).toBe('/login');
  });

  it('explains an expired or used link and leads back to Forgot password', async () => {
    const user = userEvent.setup();
    server(true, () => jsonResponse({ status: false, code: 400, message: m.linkInvalid, errors: [] }, 400));
    renderApp('/reset-password#token=used-token');
    await user.type(await screen.findByLabelText(m.password), 'a-new-password');
    await user.type(screen.getByLabelText(m.confirmPassword), 'a-new-password');
    await user.click(screen.getByRole('button', { name: m.save }));

    expect(await screen.findByText(m.linkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: m.requestNew }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText(m.password)).toBeNull();
  });

  it('without a token in the link, says where the page comes from, calling nothing', async () => {
    const fetchMock = server(true, () => jsonResponse({}));
    renderApp('/reset-password');
    expect(await screen.findByText(m.linkMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: m.requestNew }).getAttribute('href')).toBe('/forgot-password');
    expect(calls(fetchMock, '/api/auth/reset-password')).toHaveLength(0);
  });
});
