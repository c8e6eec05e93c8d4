import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { studentAppMessages as text } from '@app/shared';
import { STUDENT_SESSION_KEY } from '../api/session';
import { listenForInstallPrompt } from '../hooks/use-install-prompt';
import { failure, inbox, me, ok, renderStudentApp, stubStudentApi } from '../test/student-test-utils';

describe('Sign out', () => {
  it('asks, ends the session on the server with the student token, then forgets it and goes to Join', async () => {
    const calls = stubStudentApi({
      'GET /api/student/me': () => ok(me),
      'DELETE /api/student/session': () => ok({}),
    });
    const { router } = renderStudentApp('/student/');
    await screen.findByText(text.home.seatInArea('A12', 'Silent Hall'));
    await userEvent.click(screen.getByRole('button', { name: text.signOut.button }));
    const dialog = await screen.findByRole('dialog', { name: text.signOut.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: text.signOut.confirm }));
    expect(await screen.findByRole('heading', { name: text.join.title })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/student/join');
    expect(calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/student/session',
      authorization: 'Bearer student-token-abc',
    });
    expect(window.localStorage.getItem(STUDENT_SESSION_KEY)).toBeNull();
    expect(window.localStorage.getItem('student-data:me')).toBeNull();
  });

  it('offline, says it could not sign out and keeps the phone signed in', async () => {
    stubStudentApi({
      'GET /api/student/me': () => ok(me),
      'DELETE /api/student/session': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderStudentApp('/student/');
    await screen.findByText(text.home.seatInArea('A12', 'Silent Hall'));
    await userEvent.click(screen.getByRole('button', { name: text.signOut.button }));
    const dialog = await screen.findByRole('dialog', { name: text.signOut.confirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: text.signOut.confirm }));
    expect(await within(dialog).findByText(text.signOut.failed)).toBeTruthy();
    expect(window.localStorage.getItem(STUDENT_SESSION_KEY)).not.toBeNull();
  });
});

describe('Install', () => {
  it('offers Install once the browser does, and opens the browser’s own prompt', async () => {
    listenForInstallPrompt();
    stubStudentApi({ 'GET /api/student/me': () => ok(me) });
    renderStudentApp('/student/');
    await screen.findByText(text.home.seatInArea('A12', 'Silent Hall'));
    expect(screen.queryByRole('button', { name: text.install.button })).toBeNull();

    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: text.install.button }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: text.install.button })).toBeNull();
  });
});

describe('Navigation', () => {
  it('moves between the five screens from the bottom bar', async () => {
    stubStudentApi({
      'GET /api/student/me': () => ok(me),
      'GET /api/student/notifications': () => failure('Could not load', 503),
    });
    const { router } = renderStudentApp('/student/');
    const nav = await screen.findByRole('navigation', { name: text.nav.label });
    await userEvent.click(within(nav).getByRole('button', { name: text.nav.library }));
    expect(router.state.location.pathname).toBe('/student/library');
    await userEvent.click(within(nav).getByRole('button', { name: text.nav.inbox }));
    expect(await screen.findByText('Could not load')).toBeTruthy();
    await userEvent.click(within(nav).getByRole('button', { name: text.nav.home }));
    expect(router.state.location.pathname).toBe('/student/');
  });
});

describe('Unread notices', () => {
  it('the bottom bar counts them, and the count goes when the inbox reads them', async () => {
    stubStudentApi({
      'GET /api/student/me': () => ok(me),
      'GET /api/student/notifications': () => ok(inbox),
      'POST /api/student/notifications/read-all': () => ok({ unread_count: 0 }),
    });
    renderStudentApp('/student/');
    const nav = await screen.findByRole('navigation', { name: text.nav.label });
    const inboxTab = within(nav).getByRole('button', { name: new RegExp(text.nav.inbox) });
    await vi.waitFor(() => expect(inboxTab.textContent).toContain('1'));
    await userEvent.click(inboxTab);
    await userEvent.click(await screen.findByRole('button', { name: text.inbox.markAllRead }));
    await vi.waitFor(() => expect(inboxTab.textContent).not.toContain('1'));
  });
});
