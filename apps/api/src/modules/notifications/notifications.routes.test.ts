import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { insertDevice, insertSubscription } from '../../lib/push/testing/fixtures';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';

const n = messages.notification;
const URL = '/api/admin/sendFCMNotificationToAllUsers';

// No push provider configured here: notifications are stored and their deliveries
// recorded as failed, which lets these tests read the audience straight from the outbox.
const t = useTestApp();

const send = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });

async function tokensOf(notificationId: string): Promise<string[]> {
  const result = await t.pool.query<{ fcm_token: string }>(
    'select fcm_token from notification_deliveries where notification_id = $1 order by fcm_token',
    [notificationId],
  );
  return result.rows.map((row) => row.fcm_token);
}

/** A library with students in every premium state, each with a paired phone (Active has two). */
async function libraryWithAudience() {
  const library = await registerLibrary(t.app);
  const libraryId = library.session.library.id;
  const student = async (name: string, from?: number, to?: number) => {
    const { id } = await insertStudent(t.pool, libraryId, { firstName: name });
    if (from !== undefined && to !== undefined) await insertSubscription(t.pool, libraryId, id, from, to);
    return id;
  };
  const ids = {
    active: await student('Active', -10, 20),
    endsToday: await student('EndsToday', -30, 0),
    startsToday: await student('StartsToday', 0, 29),
    lapsed: await student('Lapsed', -40, -1),
    future: await student('Future', 1, 30),
    never: await student('Never'),
  };
  const tokens: Record<string, string[]> = {};
  for (const [name, id] of Object.entries(ids)) {
    tokens[name] = [(await insertDevice(t.pool, libraryId, id, { token: `${name}-phone-token-0001` })).token];
  }
  tokens.active!.push(
    (await insertDevice(t.pool, libraryId, ids.active, { token: 'active-tablet-token-0002', platform: 'ios' })).token,
  );
  // A student without a phone still counts in the audience.
  await student('NoPhone', -5, 5);
  return { ...library, libraryId, ids, tokens };
}

describe('POST /api/admin/sendFCMNotificationToAllUsers', () => {
  it('answers status "success", stores the notification and says nothing could be delivered without a provider', async () => {
    const library = await libraryWithAudience();
    const response = await send(library.auth, {
      title: '  Library closed  ',
      body: ' Closed on Sunday for Holi. ',
      premiumOnly: false,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'success',
      message: n.noProvider,
      data: {
        audience: 7,
        devices: 7,
        deliverable: false,
        notification: {
          title: 'Library closed',
          body: 'Closed on Sunday for Holi.',
          premium_only: false,
          audience_count: 7,
          device_count: 7,
          delivered_count: 0,
          failed_count: 7,
          pending_count: 0,
          sent_by: 'Ravi Kumar',
        },
      },
    });
    const deliveries = await t.pool.query(
      'select status, last_error from notification_deliveries where notification_id = $1',
      [body.data.notification.id],
    );
    expect(deliveries.rows).toHaveLength(7);
    expect(new Set(deliveries.rows.map((row) => `${row.status}:${row.last_error}`))).toEqual(
      new Set([`failed:${n.noProviderReason}`]),
    );
  });

  it('reaches exactly the students with a subscription active today when premium only', async () => {
    const library = await libraryWithAudience();
    const response = await send(library.auth, {
      title: 'Premium hours',
      body: 'Open till midnight',
      premiumOnly: true,
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    // Active, EndsToday, StartsToday and NoPhone are premium; Lapsed, Future and Never are not.
    expect(data).toMatchObject({ audience: 4, devices: 4, notification: { premium_only: true } });
    expect(await tokensOf(data.notification.id)).toEqual(
      [...library.tokens.active!, ...library.tokens.endsToday!, ...library.tokens.startsToday!].sort(),
    );
  });

  it("reaches every student of the library, and never another library's", async () => {
    const library = await libraryWithAudience();
    const other = await libraryWithAudience();
    const response = await send(library.auth, { title: 'Hello', body: 'All of you', premiumOnly: false });
    const tokens = await tokensOf(response.json().data.notification.id);
    expect(tokens).toEqual(Object.values(library.tokens).flat().sort());
    const otherRows = await t.pool.query(
      'select count(*)::int as count from notification_deliveries where library_id = $1',
      [other.libraryId],
    );
    expect(otherRows.rows[0].count).toBe(0);
  });

  it('says so when no student has paired a phone', async () => {
    const library = await registerLibrary(t.app);
    await insertStudent(t.pool, library.session.library.id);
    const response = await send(library.auth, { title: 'Hi', body: 'There', premiumOnly: false });
    expect(response.json()).toMatchObject({
      status: 'success',
      message: n.noDevices(1),
      data: { audience: 1, devices: 0 },
    });
  });

  it('answers the spec messages for a blank title or body', async () => {
    const { auth } = await registerLibrary(t.app);
    const blank = await send(auth, { title: '   ', body: '', premiumOnly: false });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      status: false,
      code: 400,
      message: n.titleRequired,
      errors: [
        { field: 'title', message: n.titleRequired },
        { field: 'body', message: n.bodyRequired },
      ],
    });
    const missing = await send(auth, {});
    expect(missing.json().errors).toEqual([
      { field: 'title', message: n.titleRequired, messageCode: 'notifications.titleRequired' },
      { field: 'body', message: n.bodyRequired, messageCode: 'notifications.bodyRequired' },
    ]);
  });

  it('refuses over-long texts, a non-boolean premiumOnly and junk bodies without a 500', async () => {
    const { auth } = await registerLibrary(t.app);
    const long = await send(auth, { title: 'x'.repeat(121), body: 'y'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.map((e: { field: string }) => e.field)).toEqual(['title', 'body']);
    expect((await send(auth, { title: 'a', body: 'b', premiumOnly: 'yes' })).statusCode).toBe(400);
    expect((await send(auth, [1, 2])).statusCode).toBe(400);
    const nul = await send(auth, { title: 'a\u0000b', body: 'b' });
    expect(nul.statusCode).toBe(400);
    // The JSON parser refuses a NUL in any text before validation sees it.
    expect(nul.json()).toMatchObject({ status: false, code: 400, message: messages.validation.malformedJson });
    const notJson = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('defaults premiumOnly to false', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await send(auth, { title: 'a', body: 'b' });
    expect(response.json().data.notification.premium_only).toBe(false);
  });

  it('needs a session, before looking at the body', async () => {
    const response = await send({}, { title: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, message: messages.auth.missingToken });
  });
});

describe('GET /api/admin/notifications', () => {
  it("pages the library's notifications newest first, with their counts", async () => {
    const library = await libraryWithAudience();
    for (const title of ['First', 'Second', 'Third']) {
      await send(library.auth, { title, body: 'Body', premiumOnly: title === 'Second' });
    }
    const other = await registerLibrary(t.app);
    await send(other.auth, { title: 'Not yours', body: 'Body' });

    const page1 = await t.app.inject({ url: '/api/admin/notifications?limit=5', headers: library.auth });
    expect(page1.statusCode).toBe(200);
    const { notifications, pagination } = page1.json().data;
    expect(notifications.map((row: { title: string }) => row.title)).toEqual(['Third', 'Second', 'First']);
    expect(notifications[1]).toMatchObject({ premium_only: true, audience_count: 4, device_count: 4, failed_count: 4 });
    expect(notifications[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(pagination).toMatchObject({ currentPage: 1, totalItems: 3, totalPages: 1, itemsPerPage: 5 });

    const oldest = await t.app.inject({
      url: '/api/admin/notifications?limit=5&page=1&sortOrder=ASC',
      headers: library.auth,
    });
    expect(oldest.json().data.notifications[0].title).toBe('First');
    const page2 = await t.app.inject({ url: '/api/admin/notifications?limit=5&page=2', headers: library.auth });
    expect(page2.json().data).toMatchObject({ notifications: [], pagination: { currentPage: 2, hasPrevPage: true } });
  });

  it('refuses bad paging values with 400 and needs a session', async () => {
    const { auth } = await registerLibrary(t.app);
    for (const query of ['page=0', 'page=abc', 'limit=7', 'sortBy=title', 'sortOrder=sideways']) {
      const response = await t.app.inject({ url: `/api/admin/notifications?${query}`, headers: auth });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/admin/notifications' })).statusCode).toBe(401);
  });
});
