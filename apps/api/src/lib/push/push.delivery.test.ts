import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/factories';
import { buildTestApp, registerLibrary, useTestApp } from '../../test/helpers';
import { createFcmProvider } from './fcm';
import { createOutboxWorker } from './outbox-worker';
import { parseServiceAccount } from './service-account';
import { insertDevice, insertSubscription } from './testing/fixtures';
import { startLoopbackFcm, unavailableAnswer, type LoopbackFcm } from './testing/loopback-fcm';

/**
 * The outbox worker against a real loopback FCM peer and the real database. Every
 * test in the API suite that runs a worker lives in this file: a worker serves the
 * whole database, so two running at once in parallel files would take each other's rows.
 */

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const t = useTestApp(); // no provider: sends here queue nothing; the rows are made below
let peer: LoopbackFcm;

beforeEach(async () => {
  peer = await startLoopbackFcm();
});
afterEach(async () => {
  await peer.close();
});

function worker(options: { maxAttempts?: number } = {}) {
  return createOutboxWorker({
    db: t.app.db,
    provider: createFcmProvider(parseServiceAccount(peer.serviceAccountJson(), 'test'), { apiBase: peer.url }),
    logger: silent,
    retryBaseMs: 1,
    retryMaxMs: 1,
    random: () => 0,
    ...options,
  });
}

/** A notification with one queued delivery per given device, as the send call leaves it. */
async function queued(devices: number) {
  const library = await registerLibrary(t.app);
  const libraryId = library.session.library.id;
  const student = await insertStudent(t.pool, libraryId);
  const paired = [];
  for (let index = 0; index < devices; index += 1) paired.push(await insertDevice(t.pool, libraryId, student.id));
  const notification = await t.pool.query<{ id: string }>(
    `insert into notifications (library_id, title, body, premium_only, audience_count, device_count)
     values ($1, 'Water cut', 'No water on Friday', false, 1, $2) returning id`,
    [libraryId, devices],
  );
  const notificationId = notification.rows[0]!.id;
  for (const device of paired) {
    await t.pool.query(
      `insert into notification_deliveries (notification_id, library_id, device_id, fcm_token) values ($1, $2, $3, $4)`,
      [notificationId, libraryId, device.id, device.token],
    );
  }
  return { libraryId, notificationId, devices: paired };
}

async function deliveries(notificationId: string) {
  const result = await t.pool.query(
    `select fcm_token, status, attempts, last_error, provider_message_id, device_id from notification_deliveries
     where notification_id = $1 order by fcm_token`,
    [notificationId],
  );
  return result.rows;
}

async function counts(notificationId: string) {
  const result = await t.pool.query(`select delivered_count, failed_count from notifications where id = $1`, [
    notificationId,
  ]);
  return result.rows[0];
}

/** Runs rounds until the outbox has nothing due (retries here wait a millisecond). */
async function drain(w: ReturnType<typeof worker>) {
  for (let round = 0; round < 20; round += 1) {
    if ((await w.runOnce()) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if ((await w.runOnce()) === 0) return;
    }
  }
}

describe('outbox worker', () => {
  it('delivers each queued message once and stores each result', async () => {
    const { notificationId, devices } = await queued(3);
    await drain(worker());
    expect(peer.messages.map((m) => m.token).sort()).toEqual(devices.map((d) => d.token).sort());
    expect(peer.messages.every((m) => m.title === 'Water cut' && m.data?.notificationId === notificationId)).toBe(true);
    const rows = await deliveries(notificationId);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(rows.every((row) => /^projects\/study-library-test\/messages\/\d+$/.test(row.provider_message_id))).toBe(
      true,
    );
    expect(await counts(notificationId)).toEqual({ delivered_count: 3, failed_count: 0 });
    expect(peer.tokenRequests).toHaveLength(1);
  });

  it('retries after a 503 and then delivers', async () => {
    const { notificationId, devices } = await queued(1);
    const token = devices[0]!.token;
    peer.plan(token, [unavailableAnswer(0)]);
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    expect(await deliveries(notificationId)).toMatchObject([
      { status: 'queued', attempts: 1, last_error: expect.stringContaining('503') },
    ]);
    await drain(w);
    expect(peer.messages.map((m) => [m.token, m.answeredStatus])).toEqual([
      [token, 503],
      [token, 200],
    ]);
    expect(await deliveries(notificationId)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
    expect(await counts(notificationId)).toEqual({ delivered_count: 1, failed_count: 0 });
  });

  it('waits as long as Retry-After asks', async () => {
    const { notificationId, devices } = await queued(1);
    peer.plan(devices[0]!.token, [unavailableAnswer(120)]);
    await worker().runOnce();
    const due = await t.pool.query(
      `select extract(epoch from next_attempt_at - now()) as wait from notification_deliveries where notification_id = $1`,
      [notificationId],
    );
    expect(Number(due.rows[0].wait)).toBeGreaterThan(110);
    expect(Number(due.rows[0].wait)).toBeLessThanOrEqual(120);
  });

  it('gives up after the last attempt and counts the failure', async () => {
    const { notificationId, devices } = await queued(1);
    peer.plan(devices[0]!.token, [unavailableAnswer(0), unavailableAnswer(0), unavailableAnswer(0)]);
    await drain(worker({ maxAttempts: 3 }));
    expect(peer.messages).toHaveLength(3);
    expect(await deliveries(notificationId)).toMatchObject([
      { status: 'failed', attempts: 3, last_error: expect.stringMatching(/^gave up after 3 attempts: FCM 503/) },
    ]);
    expect(await counts(notificationId)).toEqual({ delivered_count: 0, failed_count: 1 });
  });

  it('removes a device FCM reports as unregistered, and fails its other queued messages', async () => {
    const first = await queued(2);
    const [gone, kept] = first.devices;
    peer.unregister(gone!.token);
    // A second notification to the same phones is already queued behind the first.
    const second = await t.pool.query<{ id: string }>(
      `insert into notifications (library_id, title, body, premium_only, device_count) values ($1, 'Again', 'Body', false, 2) returning id`,
      [first.libraryId],
    );
    await t.pool.query(
      `insert into notification_deliveries (notification_id, library_id, device_id, fcm_token, next_attempt_at)
       select $1, library_id, id, fcm_token, now() + interval '1 hour' from student_devices where id = any($2::uuid[])`,
      [second.rows[0]!.id, [gone!.id, kept!.id]],
    );
    await drain(worker());
    const devices = await t.pool.query(`select id from student_devices where library_id = $1`, [first.libraryId]);
    expect(devices.rows.map((row) => row.id)).toEqual([kept!.id]);
    const rows = await deliveries(first.notificationId);
    expect(rows.find((row) => row.fcm_token === gone!.token)).toMatchObject({
      status: 'failed',
      device_id: null,
      last_error: expect.stringContaining('UNREGISTERED'),
    });
    expect(rows.find((row) => row.fcm_token === kept!.token)).toMatchObject({ status: 'delivered' });
    expect(await counts(first.notificationId)).toEqual({ delivered_count: 1, failed_count: 1 });
    expect(await deliveries(second.rows[0]!.id)).toMatchObject(
      [
        { fcm_token: gone!.token, status: 'failed' },
        { fcm_token: kept!.token, status: 'queued' },
      ].sort((a, b) => a.fcm_token.localeCompare(b.fcm_token)),
    );
    expect(await counts(second.rows[0]!.id)).toEqual({ delivered_count: 0, failed_count: 1 });
    expect(peer.messages.filter((m) => m.token === gone!.token)).toHaveLength(1);
  });

  it('shares the outbox between workers without sending anything twice', async () => {
    const { notificationId, devices } = await queued(40);
    const workers = [worker(), worker(), worker()];
    await Promise.all(workers.map((w) => drain(w)));
    expect(peer.messages).toHaveLength(40);
    expect(new Set(peer.messages.map((m) => m.token)).size).toBe(devices.length);
    expect(await counts(notificationId)).toEqual({ delivered_count: 40, failed_count: 0 });
  });

  it('takes back a delivery whose worker died mid-send', async () => {
    const { notificationId } = await queued(1);
    await t.pool.query(
      `update notification_deliveries set status = 'sending', attempts = 1, next_attempt_at = now() - interval '1 second' where notification_id = $1`,
      [notificationId],
    );
    await drain(worker());
    expect(await deliveries(notificationId)).toMatchObject([{ status: 'delivered', attempts: 2 }]);
  });
});

describe('the server with FCM configured', () => {
  it("delivers a premium-only notification to exactly the premium students' phones", async () => {
    const app = await buildTestApp({
      FCM_SERVICE_ACCOUNT_JSON: peer.serviceAccountJson(),
      FCM_API_BASE: peer.url,
      PUSH_POLL_INTERVAL_MS: '60000',
    });
    try {
      const library = await registerLibrary(app.app);
      const libraryId = library.session.library.id;
      const premium = await insertStudent(app.pool, libraryId, { firstName: 'Premium' });
      const lapsed = await insertStudent(app.pool, libraryId, { firstName: 'Lapsed' });
      await insertSubscription(app.pool, libraryId, premium.id, -3, 27);
      await insertSubscription(app.pool, libraryId, lapsed.id, -40, -10);
      const phone = await insertDevice(app.pool, libraryId, premium.id);
      const tablet = await insertDevice(app.pool, libraryId, premium.id, { platform: 'ios' });
      await insertDevice(app.pool, libraryId, lapsed.id);

      const response = await app.app.inject({
        method: 'POST',
        url: '/api/admin/sendFCMNotificationToAllUsers',
        headers: library.auth,
        payload: { title: 'Extended hours', body: 'Open till 11 PM this week', premiumOnly: true },
      });
      expect(response.json()).toMatchObject({
        status: 'success',
        data: { audience: 1, devices: 2, deliverable: true },
      });

      // The send wakes the worker at once (the poll interval here is a minute).
      await expect.poll(() => peer.messages.length, { timeout: 5000 }).toBe(2);
      expect(peer.messages.map((m) => m.token).sort()).toEqual([phone.token, tablet.token].sort());
      const id = response.json().data.notification.id;
      await expect
        .poll(
          async () =>
            (await app.app.inject({ url: '/api/admin/notifications', headers: library.auth })).json().data
              .notifications[0],
          {
            timeout: 5000,
          },
        )
        .toMatchObject({ id, delivered_count: 2, failed_count: 0, pending_count: 0 });
    } finally {
      await app.close();
    }
  });
});
