import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { studentAppMessages as text } from '@app/shared';
import { failure, inbox, ok, renderStudentApp, stubStudentApi } from '../test/student-test-utils';

describe('Inbox', () => {
  it('lists the notices, unread first marked; tapping one marks it read on the server', async () => {
    const calls = stubStudentApi({
      'GET /api/student/notifications': () => ok(inbox),
      'POST /api/student/notifications/n-2/read': () => ok({ unread_count: 0 }),
    });
    renderStudentApp('/student/inbox');
    expect(await screen.findByText('The library is closed this Sunday for Diwali.')).toBeTruthy();
    expect(screen.getByText(text.inbox.unreadCount(1))).toBeTruthy();
    expect(screen.getAllByText(text.inbox.unread)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: text.inbox.markReadOf('Closed on Sunday') }));
    await screen.findByText('Closed on Sunday');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/student/notifications/n-2/read' });
    expect(screen.queryByText(text.inbox.unread)).toBeNull();
    expect(screen.queryByText(text.inbox.unreadCount(1))).toBeNull();
    // What the phone keeps for offline use is the read state too.
    expect(JSON.parse(window.localStorage.getItem('student-data:inbox')!).data.unread_count).toBe(0);
  });

  it('Mark all as read, and a failed mark says so and changes nothing', async () => {
    stubStudentApi({
      'GET /api/student/notifications': () => ok(inbox),
      'POST /api/student/notifications/read-all': () => failure('Too many requests', 429),
    });
    renderStudentApp('/student/inbox');
    await userEvent.click(await screen.findByRole('button', { name: text.inbox.markAllRead }));
    expect(await screen.findByText('Too many requests')).toBeTruthy();
    expect(screen.getByText(text.inbox.unreadCount(1))).toBeTruthy();
  });

  it('says when there is nothing yet', async () => {
    stubStudentApi({
      'GET /api/student/notifications': () =>
        ok({ ...inbox, notifications: [], unread_count: 0, pagination: { ...inbox.pagination, totalItems: 0 } }),
    });
    renderStudentApp('/student/inbox');
    expect(await screen.findByText(text.inbox.empty)).toBeTruthy();
  });
});
