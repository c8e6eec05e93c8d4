import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDateDMY, formatRupees, messages, todayIn } from '@app/shared';
import { insertPlan, setDuesSettings, setTimeZone } from '../../modules/dues/dues.fixtures';
import { createDuesReminderWorker } from '../../modules/dues/dues.reminders';
import { insertStudent } from '../../test/factories';
import { buildTestApp, registerLibrary, useTestApp } from '../../test/helpers';
import { signInStudent } from '../../test/student-app';
import { createFcmProvider } from './fcm';
import { queueStudentNotification } from './outbox.repository';
import { createOutboxWorker } from './outbox-worker';
import { createRoutingProvider } from './provider';
import { parseServiceAccount } from './service-account';
import { insertDevice, insertSubscription, insertWebPushDevice } from './testing/fixtures';
import { startLoopbackFcm, unavailableAnswer, type LoopbackFcm } from './testing/loopback-fcm';
import { startWebPushService, type WebPushService } from './testing/loopback-web-push';
import { generateVapidKeyPair } from './vapid';
import { createWebPushProvider } from './web-push';

/**
 * The outbox worker against a real loopback FCM peer and the real database. Every
 * test in the API suite that runs a worker lives in this file: a worker serves the
 * whole database, so two running at once in parallel files would take each other's rows.
 * The automatic dues reminders (modules/dues) queue deliveries, so theirs are here too.
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

describe('automatic dues reminders', () => {
  const d = messages.dues;
  const switchedOn: string[] = [];

  // A library left switched on would be reminded of again by the next test's servers.
  afterEach(async () => {
    await t.pool.query('update library_settings set auto_push_reminders = false where library_id = any($1::uuid[])', [
      switchedOn.splice(0),
    ]);
  });

  async function duesLibrary(autoPush: boolean | undefined, timeZone?: string) {
    const { session, auth } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    if (timeZone) await setTimeZone(t.pool, libraryId, timeZone);
    if (autoPush !== undefined) await setDuesSettings(t.pool, libraryId, { autoPush });
    if (autoPush) switchedOn.push(libraryId);
    return { libraryId, auth, name: session.library.name };
  }

  /** A student whose plan ends `expiresIn` days from the library's today, with a paired phone unless told. */
  async function dueStudent(libraryId: string, firstName: string, expiresIn: number, phone = true) {
    const student = await insertStudent(t.pool, libraryId, { firstName });
    const subscriptionId = await insertPlan(t.pool, libraryId, student.id, {
      expiresIn,
      prices: [1200],
      payments: [700],
    });
    const device = phone ? await insertDevice(t.pool, libraryId, student.id) : undefined;
    return { studentId: student.id, subscriptionId, token: device?.token };
  }

  async function reminders(libraryId: string) {
    const result = await t.pool.query(
      `select s.first_name, r.due_group, r.channel, r.stage, r.amount, r.sent_by
       from due_reminders r join subscriptions sub on sub.id = r.subscription_id join students s on s.id = sub.student_id
       where r.library_id = $1 order by r.stage`,
      [libraryId],
    );
    return result.rows;
  }

  function duesWorker() {
    return createDuesReminderWorker({
      db: t.app.db,
      push: { fcm: true, active: true, kick: () => undefined },
      logger: silent,
      intervalMs: 60_000,
    });
  }

  it("reminds each stage once, across two server processes and another round, on the library's calendar", async () => {
    // A time zone whose today is not UTC's (see the dues routes test): the stages follow the library's day.
    const timeZone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    expect(todayIn(timeZone)).not.toBe(new Date().toISOString().slice(0, 10));
    const library = await duesLibrary(true, timeZone);
    const { libraryId } = library;
    const before = await dueStudent(libraryId, 'Before', 2);
    const onDay = await dueStudent(libraryId, 'OnDay', 0);
    // Grace 7 days: the last reminder comes from the 8th to the 10th day after expiry.
    const after = await dueStudent(libraryId, 'After', -9);
    for (const [name, expiresIn] of [
      ['InGrace', -3],
      ['LongAfter', -11],
      ['Later', 6],
    ] as const) {
      await dueStudent(libraryId, name, expiresIn);
    }
    await dueStudent(libraryId, 'NoPhone', 1, false);
    const renewed = await dueStudent(libraryId, 'Renewed', 1);
    await insertPlan(t.pool, libraryId, renewed.studentId, { expiresIn: 31 });
    // Switched off, or never set: nothing, whatever is due.
    const off = await duesLibrary(false);
    const offStudent = await dueStudent(off.libraryId, 'Off', 0);
    const unset = await duesLibrary(undefined);
    const unsetStudent = await dueStudent(unset.libraryId, 'Unset', 2);

    const env = {
      FCM_SERVICE_ACCOUNT_JSON: peer.serviceAccountJson(),
      FCM_API_BASE: peer.url,
      PUSH_POLL_INTERVAL_MS: '100',
      DUES_REMINDER_INTERVAL_MS: '3600000',
    };
    // Two processes start together, and each runs a round at once.
    const servers = await Promise.all([buildTestApp(env), buildTestApp(env)]);
    try {
      await expect.poll(() => peer.messages.length, { timeout: 10_000 }).toBe(3);
      const amount = formatRupees(500 + 1200);
      const expiry = (days: number) =>
        formatDateDMY(new Date(Date.parse(`${todayIn(timeZone)}T00:00:00Z`) + days * 86_400_000).toISOString());
      const sent = Object.fromEntries(peer.messages.map((message) => [message.token, message]));
      expect(Object.keys(sent).sort()).toEqual([before.token, onDay.token, after.token].sort());
      expect(sent[before.token!]).toMatchObject({
        title: d.pushTitle(library.name),
        body: d.pushBody.before(expiry(2), 500 + 1200),
      });
      expect(sent[onDay.token!]).toMatchObject({ body: d.pushBody.onDay(500 + 1200) });
      expect(sent[after.token!]).toMatchObject({ body: d.pushBody.after(expiry(-9), 500 + 1200) });
      expect(sent[before.token!]!.body).toContain(amount);

      // Another round, in a third worker: nothing new.
      expect(await duesWorker().runOnce()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(peer.messages).toHaveLength(3);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }

    expect(await reminders(libraryId)).toEqual([
      { first_name: 'After', due_group: 'expired', channel: 'push', stage: 'after', amount: '1700.00', sent_by: null },
      {
        first_name: 'Before',
        due_group: 'expiring',
        channel: 'push',
        stage: 'before',
        amount: '1700.00',
        sent_by: null,
      },
      {
        first_name: 'OnDay',
        due_group: 'expiring',
        channel: 'push',
        stage: 'on_day',
        amount: '1700.00',
        sent_by: null,
      },
    ]);
    expect(await reminders(off.libraryId)).toEqual([]);
    expect(await reminders(unset.libraryId)).toEqual([]);
    expect(offStudent.token && unsetStudent.token).toBeTruthy();
    // One notification for one student each, delivered.
    const notifications = await t.pool.query(
      `select title, admin_id, audience_count, device_count, delivered_count from notifications where library_id = $1`,
      [libraryId],
    );
    expect(notifications.rows).toEqual(
      Array(3).fill({
        title: d.pushTitle(library.name),
        admin_id: null,
        audience_count: 1,
        device_count: 1,
        delivered_count: 1,
      }),
    );
    // The dues screen shows the push as the last reminder of the expiring due.
    const list = await t.app.inject({ url: '/api/dues?group=expiring&search=Before', headers: library.auth });
    expect(list.json().data.dues[0]).toMatchObject({
      first_name: 'Before',
      last_reminder_channel: 'push',
      last_reminder_by: null,
      has_device: true,
    });
  });

  it("sends to the one student's phones only, and reminds a library once it is switched on", async () => {
    const library = await duesLibrary(false);
    const due = await dueStudent(library.libraryId, 'Due', 1);
    const tablet = await insertDevice(t.pool, library.libraryId, due.studentId, { platform: 'ios' });
    const bystander = await dueStudent(library.libraryId, 'Bystander', 20);
    const reminding = duesWorker();
    expect(await reminding.runOnce()).toBe(0);
    await setDuesSettings(t.pool, library.libraryId, { autoPush: true });
    switchedOn.push(library.libraryId);
    expect(await reminding.runOnce()).toBe(1);
    const deliveries = await t.pool.query(
      `select d.fcm_token, d.status from notification_deliveries d join notifications n on n.id = d.notification_id
       where n.library_id = $1 order by d.fcm_token`,
      [library.libraryId],
    );
    expect(deliveries.rows).toEqual(
      [
        { fcm_token: due.token, status: 'queued' },
        { fcm_token: tablet.token, status: 'queued' },
      ].sort((a, b) => a.fcm_token!.localeCompare(b.fcm_token!)),
    );
    expect(deliveries.rows.map((row) => row.fcm_token)).not.toContain(bystander.token);
    await drain(worker());
    expect(peer.messages.map((message) => message.token).sort()).toEqual([due.token, tablet.token].sort());
  });
});

describe('Web Push through the outbox (issue 15)', () => {
  let pushService: WebPushService;
  const vapid = { ...generateVapidKeyPair(), subject: 'mailto:owner@library.example.com' };

  beforeEach(async () => {
    pushService = await startWebPushService();
  });
  afterEach(async () => {
    await pushService.close();
  });

  /** Web Push and FCM together, as the server runs them when both can deliver. */
  function mixedWorker(options: { maxAttempts?: number } = {}) {
    return createOutboxWorker({
      db: t.app.db,
      provider: createRoutingProvider({
        webPush: createWebPushProvider(vapid, { allowLoopback: true }),
        fcm: createFcmProvider(parseServiceAccount(peer.serviceAccountJson(), 'test'), { apiBase: peer.url }),
      }),
      logger: silent,
      retryBaseMs: 1,
      retryMaxMs: 1,
      random: () => 0,
      ...options,
    });
  }

  /** A student with `web` subscriptions on the loopback service (and app tokens), and a notification queued for them. */
  async function queuedMixed(webDevices: number, appDevices = 0) {
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const student = await insertStudent(t.pool, libraryId);
    const subscriptions = [];
    for (let index = 0; index < webDevices; index += 1) {
      const subscription = pushService.subscribe({ applicationServerKey: vapid.publicKey });
      const device = await insertWebPushDevice(t.pool, libraryId, student.id, subscription);
      subscriptions.push({ ...subscription, deviceId: device.id });
    }
    const apps = [];
    for (let index = 0; index < appDevices; index += 1) apps.push(await insertDevice(t.pool, libraryId, student.id));
    const notificationId = await queueStudentNotification(
      t.app.db,
      libraryId,
      student.id,
      { adminId: null, title: 'Holi', body: 'होली पर पुस्तकालय बंद रहेगा' },
      { fcm: true, webPush: true, failReason: 'none' },
    );
    return { libraryId, studentId: student.id, notificationId, subscriptions, apps };
  }

  it('delivers to each subscription a payload the browser decrypts to the notification, and records it', async () => {
    const { notificationId, subscriptions } = await queuedMixed(2);
    await drain(mixedWorker());
    for (const subscription of subscriptions) {
      expect(pushService.delivered(subscription.endpoint)).toEqual([
        { title: 'Holi', body: 'होली पर पुस्तकालय बंद रहेगा', notification_id: notificationId, url: '/student/inbox' },
      ]);
    }
    const rows = await deliveries(notificationId);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(rows.every((row) => row.provider_message_id.startsWith(`${pushService.url}/message/`))).toBe(true);
    expect(await counts(notificationId)).toEqual({ delivered_count: 2, failed_count: 0 });
    expect(peer.messages).toHaveLength(0);
  });

  it('sends app tokens through FCM and subscriptions through Web Push in one notification', async () => {
    const { notificationId, subscriptions, apps } = await queuedMixed(1, 2);
    await drain(mixedWorker());
    expect(peer.messages.map((message) => message.token).sort()).toEqual(apps.map((app) => app.token).sort());
    expect(peer.messages.every((message) => message.data?.notificationId === notificationId)).toBe(true);
    expect(pushService.delivered(subscriptions[0]!.endpoint)).toHaveLength(1);
    expect(pushService.messages).toHaveLength(1);
    expect(await counts(notificationId)).toEqual({ delivered_count: 3, failed_count: 0 });
  });

  it('retries a 429 (after its Retry-After) and a 500, then delivers', async () => {
    const { notificationId, subscriptions } = await queuedMixed(1);
    const endpoint = subscriptions[0]!.endpoint;
    pushService.plan(endpoint, [{ status: 429, headers: { 'retry-after': '0' } }, { status: 500 }]);
    const w = mixedWorker();
    expect(await w.runOnce()).toBe(1);
    expect(await deliveries(notificationId)).toMatchObject([
      { status: 'queued', attempts: 1, last_error: 'Web Push 429' },
    ]);
    await drain(w);
    expect(pushService.messagesFor(endpoint).map((message) => message.answeredStatus)).toEqual([429, 500, 201]);
    expect(await deliveries(notificationId)).toMatchObject([{ status: 'delivered', attempts: 3 }]);
    expect(await counts(notificationId)).toEqual({ delivered_count: 1, failed_count: 0 });
  });

  it('gives up after the last attempt, as for FCM', async () => {
    const { notificationId, subscriptions } = await queuedMixed(1);
    pushService.plan(subscriptions[0]!.endpoint, [{ status: 500 }, { status: 500 }]);
    await drain(mixedWorker({ maxAttempts: 2 }));
    expect(await deliveries(notificationId)).toMatchObject([
      { status: 'failed', attempts: 2, last_error: 'gave up after 2 attempts: Web Push 500' },
    ]);
  });

  it('forgets a subscription the push service answers 410 for (and a 404), keeping the history', async () => {
    const { notificationId, subscriptions, libraryId } = await queuedMixed(3);
    const [gone, missing, kept] = subscriptions;
    pushService.unsubscribe(gone!.endpoint);
    pushService.plan(missing!.endpoint, [{ status: 404 }]);
    await drain(mixedWorker());
    const devices = await t.pool.query(`select id from student_devices where library_id = $1`, [libraryId]);
    expect(devices.rows.map((row) => row.id)).toEqual([kept!.deviceId]);
    const rows = await deliveries(notificationId);
    expect(rows.find((row) => row.fcm_token === gone!.endpoint)).toMatchObject({
      status: 'failed',
      device_id: null,
      last_error: 'Web Push 410',
    });
    expect(rows.find((row) => row.fcm_token === missing!.endpoint)).toMatchObject({
      status: 'failed',
      device_id: null,
    });
    expect(await counts(notificationId)).toEqual({ delivered_count: 1, failed_count: 2 });
  });

  it('sends nothing to a device removed after its delivery was queued (unpaired, signed out)', async () => {
    const { notificationId, subscriptions } = await queuedMixed(1);
    await t.pool.query('delete from student_devices where id = $1', [subscriptions[0]!.deviceId]);
    await drain(mixedWorker());
    expect(pushService.messages).toHaveLength(0);
    expect(await deliveries(notificationId)).toMatchObject([
      { status: 'failed', last_error: 'device removed before delivery' },
    ]);
  });

  it('queues Web Push subscriptions without FCM credentials, failing only the app tokens', async () => {
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const student = await insertStudent(t.pool, libraryId);
    const subscription = pushService.subscribe();
    await insertWebPushDevice(t.pool, libraryId, student.id, subscription);
    const app = await insertDevice(t.pool, libraryId, student.id);
    const notificationId = await queueStudentNotification(
      t.app.db,
      libraryId,
      student.id,
      { adminId: null, title: 'T', body: 'B' },
      { fcm: false, webPush: true, failReason: 'no push provider configured' },
    );
    expect(await deliveries(notificationId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fcm_token: subscription.endpoint, status: 'queued' }),
        expect.objectContaining({ fcm_token: app.token, status: 'failed', last_error: 'no push provider configured' }),
      ]),
    );
    expect(await counts(notificationId)).toEqual({ delivered_count: 0, failed_count: 1 });
    await drain(mixedWorker());
    expect(pushService.delivered(subscription.endpoint)).toHaveLength(1);
    expect(await counts(notificationId)).toEqual({ delivered_count: 1, failed_count: 1 });
  });
});

describe('the server with Web Push (issue 15)', () => {
  it("delivers the owner's notification to the subscription the student app registered, and to its inbox", async () => {
    const pushService = await startWebPushService();
    // No FCM: Web Push alone. The test flag lets the subscription name the loopback service.
    const server = await buildTestApp({ WEB_PUSH_ALLOW_LOOPBACK: 'true', PUSH_POLL_INTERVAL_MS: '60000' });
    try {
      const library = await registerLibrary(server.app);
      const libraryId = library.session.library.id;
      const student = await insertStudent(server.pool, libraryId, { firstName: 'Meera' });
      const bystander = await insertStudent(server.pool, libraryId, { firstName: 'Other' });
      // An app token: without FCM credentials it cannot be delivered, and the answer says so.
      await insertDevice(server.pool, libraryId, bystander.id);
      const studentApp = await signInStudent(server.app, library.auth, student.id);
      const key = (await server.app.inject({ url: '/api/push/vapid-public-key' })).json().data.public_key as string;
      // The browser subscribes with the server's key: a push signed with any other is refused (403).
      const subscription = pushService.subscribe({ applicationServerKey: key });
      const registered = await server.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: studentApp.auth,
        payload: { platform: 'web', subscription: subscription.toJSON() },
      });
      expect(registered.statusCode, registered.body).toBe(201);

      const sent = await server.app.inject({
        method: 'POST',
        url: '/api/admin/sendFCMNotificationToAllUsers',
        headers: library.auth,
        payload: { title: 'Library closed', body: 'Closed on Sunday for Holi.', premiumOnly: false },
      });
      expect(sent.json()).toMatchObject({
        message: messages.notification.queuedSome(1, 2, 2),
        data: { audience: 2, devices: 2, deliverable: false, notification: { failed_count: 1 } },
      });
      const notificationId = sent.json().data.notification.id as string;
      // The send wakes the worker at once (the poll interval here is a minute).
      await expect.poll(() => pushService.delivered(subscription.endpoint).length, { timeout: 5000 }).toBe(1);
      expect(pushService.delivered(subscription.endpoint)).toEqual([
        {
          title: 'Library closed',
          body: 'Closed on Sunday for Holi.',
          notification_id: notificationId,
          url: '/student/inbox',
        },
      ]);
      expect(pushService.messages[0]!.vapid).toMatchObject({ valid: true, publicKey: key });
      const inbox = await server.pool.query(
        'select student_id from notification_recipients where notification_id = $1 order by student_id',
        [notificationId],
      );
      expect(inbox.rows.map((row) => row.student_id)).toEqual([student.id, bystander.id].sort());
    } finally {
      await server.close();
      await pushService.close();
    }
  });
});
