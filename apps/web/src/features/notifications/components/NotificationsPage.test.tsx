import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { messages, paginate, type NotificationRecord } from '@app/shared';
import { fakeSession, jsonResponse, serve } from '@/test/fixtures';
import { LAZY_DIALOG_TIMEOUT, openSignedIn } from '@/test/render';

const n = messages.notification;
const h = n.history;

const record = (overrides: Partial<NotificationRecord>): NotificationRecord => ({
  id: '0b5d7c4e-1111-4a2b-9c3d-000000000001',
  title: 'Library closed on Holi',
  body: 'The library stays closed on 14 March. Happy Holi!',
  premium_only: false,
  audience_count: 42,
  device_count: 37,
  delivered_count: 35,
  failed_count: 2,
  pending_count: 0,
  sent_by: 'Priya Sharma',
  // 10:05 in India.
  created_at: '2026-03-10T04:35:00.000Z',
  ...overrides,
});

const page = (rows: NotificationRecord[], total = rows.length) =>
  jsonResponse({ status: true, message: 'ok', data: { notifications: rows, pagination: paginate(1, 10, total) } });

const openHistory = () => openSignedIn('/app/notifications', h.heading);

/** Opens the send dialog from the history, writes a title and body, and sends; answers the dialog. */
async function sendFromHistory(user: UserEvent, title = 'Hello', body = 'World') {
  await user.click(screen.getByRole('button', { name: h.sendNew }));
  const dialog = await screen.findByRole('dialog', { name: n.title }, { timeout: LAZY_DIALOG_TIMEOUT });
  await user.type(within(dialog).getByLabelText(new RegExp(`^${n.titleField}`)), title);
  await user.type(within(dialog).getByLabelText(new RegExp(`^${n.bodyField}`)), body);
  await user.click(within(dialog).getByRole('button', { name: n.send }));
  return dialog;
}

describe('Notifications history', { timeout: 30_000 }, () => {
  it("shows the desk the history without Send New (issue 16: notifications to everyone are not the desk's)", async () => {
    serve({ 'GET /api/admin/notifications': () => page([record({})]) });
    await openSignedIn('/app/notifications', h.heading, { ...fakeSession, role: 'desk' });
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: h.sendNew })).toBeNull();
  });

  it('lists past notifications with audience, counts and the time in DD/MM/YYYY h:mm A', async () => {
    serve({
      'GET /api/admin/notifications': () =>
        page([
          record({ premium_only: true, pending_count: 3, delivered_count: 32 }),
          record({ id: '0b5d7c4e-1111-4a2b-9c3d-000000000002', title: 'Fees due', sent_by: null }),
        ]),
    });
    await openHistory();
    const table = await screen.findByRole('table', { name: h.heading });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(Object.values(h.columns));
    await within(table).findByText('Library closed on Holi');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('10/03/2026 10:05 AM')).toBeTruthy();
    expect(first.getByText(h.sentBy('Priya Sharma'))).toBeTruthy();
    expect(first.getByText(h.audiencePremium)).toBeTruthy();
    expect(first.getByText('42')).toBeTruthy();
    expect(first.getByText('37')).toBeTruthy();
    expect(first.getByText('32')).toBeTruthy();
    expect(first.getByText(h.pending(3))).toBeTruthy();
    expect(within(rows[1]!).getByText(h.audienceAll)).toBeTruthy();
    // The sidebar links here.
    expect(screen.getByRole('link', { name: messages.shell.notifications })).toBeTruthy();
  });

  it('says when nothing was sent yet', async () => {
    serve({ 'GET /api/admin/notifications': () => page([]) });
    await openHistory();
    expect(await screen.findByText(h.empty)).toBeTruthy();
  });

  it('shows the error screen and retries with REFRESH PAGE', async () => {
    let calls = 0;
    serve({
      'GET /api/admin/notifications': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ status: false, code: 500, message: 'Something broke', errors: [] }, 500)
          : page([record({})]);
      },
    });
    await openHistory();
    expect(await screen.findByText(messages.errorScreen.title)).toBeTruthy();
    expect(await screen.findByText('Something broke')).toBeTruthy(); // the toast
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findByText('Library closed on Holi')).toBeTruthy();
  });

  it('sends from its dialog with the spec texts and shows the new notification', async () => {
    const user = userEvent.setup({ delay: null });
    let sent = false;
    const requests = serve({
      'GET /api/admin/notifications': () => page(sent ? [record({ title: 'Extended hours', premium_only: true })] : []),
      'POST /api/admin/sendFCMNotificationToAllUsers': () => {
        sent = true;
        const notification = record({ title: 'Extended hours', premium_only: true });
        return jsonResponse(
          {
            status: 'success',
            message: n.queued(37, 42),
            data: { notification, audience: 42, devices: 37, deliverable: true },
          },
          201,
        );
      },
    });
    await openHistory();
    await screen.findByText(h.empty);
    await user.click(screen.getByRole('button', { name: h.sendNew }));
    const dialog = await screen.findByRole('dialog', { name: n.title }, { timeout: LAZY_DIALOG_TIMEOUT });
    await user.click(within(dialog).getByRole('button', { name: n.send }));
    expect(await within(dialog).findByText(n.titleRequired)).toBeTruthy();
    expect(within(dialog).getByText(n.bodyRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(new RegExp(`^${n.titleField}`)), 'Extended hours');
    await user.type(within(dialog).getByLabelText(new RegExp(`^${n.bodyField}`)), 'Open till 11 PM');
    await user.click(within(dialog).getByLabelText(n.premiumOnly));
    await user.click(within(dialog).getByRole('button', { name: n.send }));

    expect(await screen.findByText(n.sent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: n.title })).toBeNull());
    expect(await screen.findByText('Extended hours')).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({ title: 'Extended hours', body: 'Open till 11 PM', premiumOnly: true });
  });

  it("adds the server's explanation when nothing could be delivered", async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/admin/notifications': () => page([]),
      'POST /api/admin/sendFCMNotificationToAllUsers': () =>
        jsonResponse(
          {
            status: 'success',
            message: n.noProvider,
            data: { notification: record({}), audience: 42, devices: 37, deliverable: false },
          },
          201,
        ),
    });
    await openHistory();
    await sendFromHistory(user);
    expect(await screen.findByText(n.sent)).toBeTruthy();
    expect(await screen.findByText(n.noProvider)).toBeTruthy();
  });

  it('shows the spec failure toast when the send fails', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/admin/notifications': () => page([]),
      'POST /api/admin/sendFCMNotificationToAllUsers': () =>
        jsonResponse({ status: false, code: 500, message: 'boom', errors: [] }, 500),
    });
    await openHistory();
    await sendFromHistory(user);
    expect(await screen.findByText(n.failed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: n.title })).toBeTruthy();
  });
});
