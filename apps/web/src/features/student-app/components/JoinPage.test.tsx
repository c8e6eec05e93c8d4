import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { studentAppMessages as text } from '@app/shared';
import { readStudentSession, STUDENT_SESSION_KEY } from '../api/session';
import {
  failure,
  me,
  ok,
  renderStudentApp,
  SESSION_ID,
  studentSession,
  stubStudentApi,
} from '../test/student-test-utils';

const joined = {
  token: 'new-token',
  session_id: SESSION_ID,
  student: studentSession.student,
  library: studentSession.library,
  pass_key: studentSession.pass_key,
  server_time: new Date(Date.now() + 90_000).toISOString(),
};

describe('Join', () => {
  it('takes the code from the link fragment at once, keeps the session and shows Home', async () => {
    const calls = stubStudentApi({
      'POST /api/student/session': () => ok(joined, 201),
      'GET /api/student/me': () => ok(me),
    });
    const { router } = renderStudentApp('/student/join#code=k7qh-3mzp', { signedIn: false });
    expect(await screen.findByText(text.home.seatInArea('A12', 'Silent Hall'))).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/student/session',
      body: { pairing_code: 'k7qh-3mzp' },
    });
    // The join call carries no bearer; the next ones carry the new token.
    expect(calls[0]?.authorization).toBeUndefined();
    expect(calls[1]?.authorization).toBe('Bearer new-token');
    expect(router.state.location.pathname).toBe('/student/');
    expect(router.state.location.hash).toBe('');
    const session = readStudentSession();
    expect(session?.token).toBe('new-token');
    // The server's clock is 90 s ahead of the phone's: the pass uses that.
    expect(session?.clock_offset_ms).toBeGreaterThan(80_000);
  });

  it('refuses a typed code of the wrong shape without calling the server, then shows the server’s refusal', async () => {
    const calls = stubStudentApi({
      'POST /api/student/session': () => failure('Invalid or expired pairing code', 401),
    });
    renderStudentApp('/student/join', { signedIn: false });
    const field = await screen.findByLabelText(text.join.code);
    await userEvent.type(field, 'ABC');
    await userEvent.click(screen.getByRole('button', { name: text.join.submit }));
    expect(screen.getByText(text.join.codeInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'K7QH 3MZP');
    await userEvent.click(screen.getByRole('button', { name: text.join.submit }));
    expect(await screen.findByText('Invalid or expired pairing code')).toBeTruthy();
    expect(window.localStorage.getItem(STUDENT_SESSION_KEY)).toBeNull();
  });

  it('sends a phone without a session from any screen to Join', async () => {
    stubStudentApi({});
    const { router } = renderStudentApp('/student/pass', { signedIn: false });
    expect(await screen.findByRole('heading', { name: text.join.title })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/student/join');
  });

  it('ends the session on a 401 (the library unpaired the phone): forgets it and its data, and says so on Join', async () => {
    stubStudentApi({ 'GET /api/student/me': () => failure('Invalid or expired token', 401) });
    window.localStorage.setItem('student-data:me', JSON.stringify({ data: me, savedAt: Date.now() }));
    const { router } = renderStudentApp('/student');
    expect(await screen.findByText(text.join.signedOut)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/join'));
    expect(window.localStorage.getItem(STUDENT_SESSION_KEY)).toBeNull();
    expect(window.localStorage.getItem('student-data:me')).toBeNull();
  });
});
