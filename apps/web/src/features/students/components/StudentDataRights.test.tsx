import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, paginate, type StudentListItem, privacyMessages } from '@app/shared';
import { fakeSession, jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { detail, student } from './students.test-data';

const m = messages.students;
const p = privacyMessages;
const ID = student().id;
const LEFT = student({ status: 'left', left_at: '2026-11-01T06:00:00.000Z' });

const ok = (data: unknown, message = 'ok') => jsonResponse({ status: true, message, data });
const page = (students: StudentListItem[]) => ok({ students, pagination: paginate(1, 10, students.length) });
const settings = () =>
  ok({ privacy_notice: null, privacy_notice_text: 'Notice', retention_days: 30, keep_aadhaar_last4: true });
const lifecycle = (status: 'active' | 'left', erased: string | null = null) => ({
  id: ID,
  status,
  left_at: status === 'left' ? '2026-11-24T06:00:00.000Z' : null,
  documents_erased_at: erased,
});
const refusal = (code: number, message: string) => jsonResponse({ status: false, code, message, errors: [] }, code);

/** The list answers members, or those who left for `?state=left`. */
const listByState: Handler = (request) =>
  new URL(request.url).searchParams.get('state') === 'left' ? page([LEFT]) : page([student()]);

const row = (name = 'Asha Verma') => screen.getByText(name).closest('tr')!;
const action = (label: string, name = 'Asha Verma') =>
  within(row(name)).queryByRole('button', { name: `${label}: ${name}` });

describe('Students: members and those who left (issue 19)', { timeout: 60_000 }, () => {
  it('keeps Show (Members or Left) in the URL, asks for state=left and shows the Left chip', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({ 'GET /api/user': listByState, 'GET /api/settings': settings });
    const { router } = await openSignedIn('/app/student', m.heading);
    await screen.findByText('Asha Verma');
    const show = screen.getByRole('group', { name: p.leave.listFilter });
    expect(within(show).getByRole('button', { name: p.leave.listActive }).getAttribute('aria-pressed')).toBe('true');
    const lists = () => requests.filter((request) => new URL(request.url).pathname === '/api/user');
    expect(new URL(lists()[0]!.url).searchParams.get('state')).toBeNull();
    expect(within(row()).queryByText(p.leave.statusLabel.left!)).toBeNull();
    expect(action(messages.notification.pairing.open)).toBeTruthy();

    await user.click(within(show).getByRole('button', { name: p.leave.listLeft }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=left'));
    await waitFor(() => expect(new URL(lists().at(-1)!.url).searchParams.get('state')).toBe('left'));
    await waitFor(() => expect(within(row()).getByText(p.leave.statusLabel.left!)).toBeTruthy());
    expect(within(row()).getByText(p.leave.statusLabel.left!).closest('[title]')!.getAttribute('title')).toBe(
      p.leave.leftOn('01/11/2026'),
    );
    // Who left can be taken back, not marked as left again; they have no phone to pair.
    expect(action(p.leave.rejoin)).toBeTruthy();
    expect(action(p.leave.action)).toBeNull();
    expect(action(messages.notification.pairing.open)).toBeNull();

    // Back returns to the members.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(action(p.leave.action)).toBeTruthy());
  });

  it('marks a student as left after the confirmation, which says when the documents go', async () => {
    const user = userEvent.setup({ delay: null });
    let left = false;
    const requests = serve({
      'GET /api/user': () => page(left ? [] : [student()]),
      'GET /api/settings': settings,
      [`POST /api/user/${ID}/leave`]: () => {
        left = true;
        return ok(lifecycle('left'), p.leave.done);
      },
    });
    await openSignedIn('/app/student', m.heading);
    await screen.findByText('Asha Verma');
    await user.click(action(p.leave.action)!);
    const dialog = await screen.findByRole('dialog', { name: p.leave.confirmTitle });
    expect(within(dialog).getByText(`${p.leave.confirmBody} ${p.leave.erasureNote(30)}`)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: p.leave.confirm }));
    expect(await screen.findByText(p.leave.done)).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe(`/api/user/${ID}/leave`);
    expect(post.headers.get('authorization')).toBe('Bearer test-token-123');
    // The list is asked again: the student is gone from the members.
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });

  it('shows the refusal the API gives, and keeps the dialog open', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/user': () => page([student()]),
      'GET /api/settings': settings,
      [`POST /api/user/${ID}/leave`]: () => refusal(409, p.leave.alreadyLeft),
    });
    await openSignedIn('/app/student', m.heading);
    await screen.findByText('Asha Verma');
    await user.click(action(p.leave.action)!);
    const dialog = await screen.findByRole('dialog', { name: p.leave.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: p.leave.confirm }));
    expect(await screen.findByText(p.leave.alreadyLeft)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: p.leave.confirmTitle })).toBeTruthy();
  });

  it('marks a student who left as returned', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/user': listByState,
      'GET /api/settings': settings,
      [`POST /api/user/${ID}/rejoin`]: () => ok(lifecycle('active'), p.leave.rejoined),
    });
    await openSignedIn('/app/student?state=left', m.heading);
    await screen.findByText('Asha Verma');
    await user.click(action(p.leave.rejoin)!);
    expect(await screen.findByText(p.leave.rejoined)).toBeTruthy();
    expect(new URL(requests.find((request) => request.method === 'POST')!.url).pathname).toBe(`/api/user/${ID}/rejoin`);
  });

  it('erases the documents of a student who left, after the confirmation; the active subscription refusal shows as sent', async () => {
    const user = userEvent.setup({ delay: null });
    const refused = p.erase.activeSubscription('Seat A12, 6:00 AM–2:00 PM', '30/11/2026');
    let attempts = 0;
    const requests = serve({
      'GET /api/user': listByState,
      'GET /api/settings': settings,
      [`POST /api/user/${ID}/erase`]: () =>
        ++attempts === 1 ? refusal(409, refused) : ok(lifecycle('left', '2026-11-24T06:00:00.000Z'), p.erase.done),
    });
    await openSignedIn('/app/student?state=left', m.heading);
    await screen.findByText('Asha Verma');
    await user.click(action(p.erase.action)!);
    let dialog = await screen.findByRole('dialog', { name: p.erase.confirmTitle });
    // The owner keeps the last four digits (settings): the dialog says so.
    expect(within(dialog).getByText(`${p.erase.confirmBody} ${p.erase.keepLast4}`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: p.erase.confirm }));
    expect(await screen.findByText(refused)).toBeTruthy();

    dialog = screen.getByRole('dialog', { name: p.erase.confirmTitle });
    // The refusal shows as the request settles; the button takes clicks again a render later.
    const again = within(dialog).getByRole('button', { name: p.erase.confirm });
    await waitFor(() => expect(getComputedStyle(again).pointerEvents).not.toBe('none'));
    await user.click(again);
    expect(await screen.findByText(p.erase.done)).toBeTruthy();
    expect(
      requests.filter((request) => request.method === 'POST').map((request) => new URL(request.url).pathname),
    ).toEqual([`/api/user/${ID}/erase`, `/api/user/${ID}/erase`]);
  });

  it('offers no erase for members, nor for a student whose documents are already erased', async () => {
    serve({
      'GET /api/user': (request) =>
        new URL(request.url).searchParams.get('state') === 'left'
          ? page([
              student({
                status: 'left',
                left_at: '2026-11-01T06:00:00.000Z',
                documents_erased_at: '2026-11-02T06:00:00.000Z',
              }),
            ])
          : page([student()]),
      'GET /api/settings': settings,
    });
    const { router } = await openSignedIn('/app/student', m.heading);
    await screen.findByText('Asha Verma');
    expect(action(p.erase.action)).toBeNull();
    await router.navigate('/app/student?state=left');
    await waitFor(() => expect(action(p.leave.rejoin)).toBeTruthy());
    expect(action(p.erase.action)).toBeNull();
  });

  it('downloads their data as JSON or a readable page, with the token, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const createObjectURL = vi.fn(() => 'blob:student');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const requests = serve({
      'GET /api/user': () => page([student()]),
      'GET /api/settings': settings,
      [`GET /api/user/${ID}/export`]: (request) => {
        const format = new URL(request.url).searchParams.get('format')!;
        if (format === 'html') return refusal(404, m.notFound);
        return new Response('{"profile":{}}', {
          headers: {
            'content-type': 'application/json',
            'content-disposition': `attachment; filename="student-asha-verma-2026-11-24.json"`,
          },
        });
      },
    });
    await openSignedIn('/app/student', m.heading);
    await screen.findByText('Asha Verma');
    await user.click(action(p.exportData.action)!);
    await user.click(await screen.findByRole('menuitem', { name: p.exportData.json }));
    expect(await screen.findByText(p.exportData.done)).toBeTruthy();
    expect(clicked.map((link) => link.download)).toEqual(['student-asha-verma-2026-11-24.json']);
    const exported = requests.find((request) => new URL(request.url).pathname.endsWith('/export'))!;
    expect(new URL(exported.url).searchParams.get('format')).toBe('json');
    expect(exported.headers.get('authorization')).toBe('Bearer test-token-123');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe('{"profile":{}}');

    // A failure says what the server said, and saves nothing. The button is busy (disabled) until the
    // first download has finished, a moment after its message shows: wait for it, as a person would.
    await waitFor(() => expect((action(p.exportData.action) as HTMLButtonElement).disabled).toBe(false));
    await user.click(action(p.exportData.action)!);
    await user.click(await screen.findByRole('menuitem', { name: p.exportData.html }));
    expect(await screen.findByText(m.notFound)).toBeTruthy();
    expect(clicked).toHaveLength(1);
  });

  it('shows the desk neither Download nor Erase, but lets them mark a student as left or returned', async () => {
    serve({ 'GET /api/user': listByState, 'GET /api/settings': settings });
    const { router } = await openSignedIn('/app/student', m.heading, { ...fakeSession, role: 'desk' });
    await screen.findByText('Asha Verma');
    expect(action(p.leave.action)).toBeTruthy();
    expect(action(p.exportData.action)).toBeNull();
    await router.navigate('/app/student?state=left');
    await waitFor(() => expect(action(p.leave.rejoin)).toBeTruthy());
    expect(action(p.erase.action)).toBeNull();
    expect(action(p.exportData.action)).toBeNull();
  });
});

describe('Edit Student: leaving and erasure (issue 19)', { timeout: 60_000 }, () => {
  it('shows when the documents will be erased, and marks the student as returned', async () => {
    const user = userEvent.setup({ delay: null });
    let left = true;
    const requests = serve({
      'GET /api/settings': settings,
      [`GET /api/user/${ID}`]: () =>
        ok(
          left ? detail({ status: 'left', left_at: '2026-11-01T06:00:00.000Z', erase_due_on: '2026-12-01' }) : detail(),
        ),
      [`POST /api/user/${ID}/rejoin`]: () => {
        left = false;
        return ok(lifecycle('active'), p.leave.rejoined);
      },
    });
    await openSignedIn(`/app/student/addstudent/${ID}`, m.editTitle);
    expect(await screen.findByText(p.erase.dueOn('01/12/2026'))).toBeTruthy();
    expect(screen.getByText(p.leave.leftOn('01/11/2026'))).toBeTruthy();
    expect(screen.getByRole('button', { name: p.erase.action })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: p.leave.rejoin }));
    expect(await screen.findByText(p.leave.rejoined)).toBeTruthy();
    // The student is read again: a member, with no erasure due.
    expect(await screen.findByRole('button', { name: p.leave.action })).toBeTruthy();
    expect(screen.queryByText(p.erase.dueOn('01/12/2026'))).toBeNull();
    expect(requests.filter((request) => new URL(request.url).pathname === `/api/user/${ID}`).length).toBeGreaterThan(1);
  });
});
