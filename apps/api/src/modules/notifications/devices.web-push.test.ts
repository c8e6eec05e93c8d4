import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { createTestSubscription } from '../../lib/push/testing/loopback-web-push';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';

/**
 * POST /api/devices with a student session (issue 15): the student app's Web Push
 * subscription. No worker runs here (no push peer configured); delivery is tested in
 * lib/push/push.delivery.test.ts.
 */

const d = messages.notification.devices;
const t = useTestApp();
type Auth = Record<string, string>;

const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const fcmEndpoint = () =>
  `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('base64url')}:APA91b${randomBytes(40).toString('base64url')}`;
const subscription = (endpoint = fcmEndpoint()) => createTestSubscription(endpoint).toJSON();

const register = (payload: unknown, headers: Auth = {}, remoteAddress = address()) =>
  t.app.inject({ method: 'POST', url: '/api/devices', payload: payload as object, headers, remoteAddress });

/** A library with a student signed in to the student app. */
async function signedIn() {
  const library = await registerLibrary(t.app);
  const libraryId = library.session.library.id;
  const student = await insertStudent(t.pool, libraryId, { firstName: 'Meera' });
  const code = await t.app.inject({
    method: 'POST',
    url: `/api/user/${student.id}/pairing-code`,
    headers: library.auth,
  });
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/student/session',
    payload: { pairing_code: code.json().data.code },
    remoteAddress: address(),
  });
  expect(session.statusCode, session.body).toBe(201);
  const { token, session_id: sessionId } = session.json().data as { token: string; session_id: string };
  return {
    library,
    libraryId,
    student,
    sessionId,
    code: code.json().data.code as string,
    studentAuth: { authorization: `Bearer ${token}` },
  };
}

async function devicesOf(studentId: string) {
  const result = await t.pool.query(
    `select id, library_id, platform, fcm_token, push_p256dh, push_auth, session_id from student_devices where student_id = $1 order by created_at`,
    [studentId],
  );
  return result.rows;
}

describe('POST /api/devices with a Web Push subscription', () => {
  it("stores the subscription as a web device of the student's session", async () => {
    const { student, sessionId, libraryId, studentAuth, library } = await signedIn();
    const sub = subscription();
    const response = await register({ platform: 'web', subscription: sub }, studentAuth);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: true,
      message: d.subscriptionRegistered,
      data: {
        device: { platform: 'web' },
        student: { first_name: 'Meera' },
        library: { name: library.session.library.name },
      },
    });
    expect(await devicesOf(student.id)).toEqual([
      {
        id: response.json().data.device.id,
        library_id: libraryId,
        platform: 'web',
        fcm_token: sub.endpoint,
        push_p256dh: sub.keys.p256dh,
        push_auth: sub.keys.auth,
        session_id: sessionId,
      },
    ]);
    // The owner sees it among the student's phones.
    const listed = await t.app.inject({ url: `/api/user/${student.id}/devices`, headers: library.auth });
    expect(listed.json().data.devices).toMatchObject([{ id: response.json().data.device.id, platform: 'web' }]);
  });

  it('updates the row when the same endpoint comes again, and drops the older subscription of the session', async () => {
    const { student, studentAuth } = await signedIn();
    const first = subscription();
    const id = (await register({ platform: 'web', subscription: first }, studentAuth)).json().data.device.id;
    const rekeyed = { ...subscription(first.endpoint), endpoint: first.endpoint };
    const again = await register({ platform: 'web', subscription: rekeyed }, studentAuth);
    expect(again.json().data.device.id).toBe(id);
    expect(await devicesOf(student.id)).toMatchObject([
      { id, push_p256dh: rekeyed.keys.p256dh, push_auth: rekeyed.keys.auth },
    ]);
    // The browser made a new subscription (the old one expired): only the new one is kept.
    const renewed = subscription();
    await register({ platform: 'web', subscription: renewed }, studentAuth);
    expect((await devicesOf(student.id)).map((row) => row.fcm_token)).toEqual([renewed.endpoint]);
  });

  it('is removed when the owner unpairs the session or the student signs out', async () => {
    const first = await signedIn();
    await register({ platform: 'web', subscription: subscription() }, first.studentAuth);
    const unpaired = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${first.student.id}/sessions/${first.sessionId}`,
      headers: first.library.auth,
    });
    expect(unpaired.statusCode, unpaired.body).toBe(200);
    expect(await devicesOf(first.student.id)).toEqual([]);
    // The revoked session cannot register again.
    const refused = await register({ platform: 'web', subscription: subscription() }, first.studentAuth);
    expect(refused.statusCode).toBe(401);
    expect(await devicesOf(first.student.id)).toEqual([]);

    const second = await signedIn();
    await register({ platform: 'web', subscription: subscription() }, second.studentAuth);
    await t.app.inject({ method: 'DELETE', url: '/api/student/session', headers: second.studentAuth });
    expect(await devicesOf(second.student.id)).toEqual([]);
  });

  it('refuses a subscription without a student token, with an admin token or a forged one (401), storing nothing', async () => {
    const { student, library } = await signedIn();
    const body = { platform: 'web', subscription: subscription() };
    const cases: [Auth, string][] = [
      [{}, messages.auth.missingToken],
      [library.auth, messages.auth.invalidToken],
      [{ authorization: `Bearer ${randomBytes(32).toString('base64url')}` }, messages.auth.invalidToken],
      [{ authorization: 'Basic YWRtaW46YWRtaW4=' }, messages.auth.invalidToken],
    ];
    for (const [headers, message] of cases) {
      const response = await register(body, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toMatchObject({ status: false, message });
    }
    // Without a token, even a malformed subscription gets the 401, not the rules.
    const malformed = await register({ platform: 'web', subscription: { endpoint: 'http://10.0.0.1/' } });
    expect(malformed.statusCode).toBe(401);
    expect(await devicesOf(student.id)).toEqual([]);
  });

  it('refuses what is not a push subscription with its own message (400), storing nothing', async () => {
    const { student, studentAuth } = await signedIn();
    const good = subscription();
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    point[64] = point[64]! ^ 1;
    const cases: [unknown, string, string][] = [
      [
        { ...good, keys: { ...good.keys, p256dh: point.toString('base64url') } },
        'subscription.keys.p256dh',
        d.p256dhInvalid,
      ],
      [
        { ...good, keys: { ...good.keys, auth: randomBytes(8).toString('base64url') } },
        'subscription.keys.auth',
        d.authInvalid,
      ],
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'subscription.endpoint', d.endpointInvalid],
      [{ ...good, endpoint: 'https://192.168.1.1/push/abc' }, 'subscription.endpoint', d.endpointInvalid],
      [{ ...good, endpoint: 'https://169.254.169.254/latest/meta-data/' }, 'subscription.endpoint', d.endpointInvalid],
      [{ ...good, endpoint: 'http://127.0.0.1:9/push' }, 'subscription.endpoint', d.endpointInvalid],
      [
        { ...good, endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(10_000)}` },
        'subscription.endpoint',
        d.endpointTooLong,
      ],
      [{ endpoint: good.endpoint }, 'subscription.keys', d.keysRequired],
      ['not an object', 'subscription', d.subscriptionRequired],
    ];
    for (const [sub, field, message] of cases) {
      const response = await register({ platform: 'web', subscription: sub }, studentAuth);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ status: false, message, errors: [{ field, message }] });
    }
    const platform = await register({ platform: 'android', subscription: good }, studentAuth);
    expect(platform.json()).toMatchObject({ message: d.subscriptionPlatform });
    expect(await devicesOf(student.id)).toEqual([]);
  });

  it("binds to the caller's own library and student: another library's session changes nothing here", async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    const shared = subscription();
    await register({ platform: 'web', subscription: shared }, mine.studentAuth);
    // The same endpoint from the other library's session: a row of theirs, ours untouched.
    const other = { ...subscription(shared.endpoint), endpoint: shared.endpoint };
    const response = await register({ platform: 'web', subscription: other }, theirs.studentAuth);
    expect(response.statusCode).toBe(201);
    expect(await devicesOf(mine.student.id)).toMatchObject([
      { library_id: mine.libraryId, push_auth: shared.keys.auth },
    ]);
    expect(await devicesOf(theirs.student.id)).toMatchObject([
      { library_id: theirs.libraryId, push_auth: other.keys.auth },
    ]);
    // Our owner sees only our device; theirs cannot unpair ours.
    const ours = await t.app.inject({ url: `/api/user/${mine.student.id}/devices`, headers: mine.library.auth });
    expect(ours.json().data.devices).toHaveLength(1);
    const cross = await t.app.inject({ url: `/api/user/${mine.student.id}/devices`, headers: theirs.library.auth });
    expect(cross.statusCode).toBe(404);
  });

  it('still pairs the phone app with a pairing code and no token', async () => {
    const { student, code } = await signedIn();
    const token = `app-${randomBytes(8).toString('hex')}:APA91b${randomBytes(24).toString('base64url')}`;
    const response = await register({ pairingCode: code, fcmToken: token, platform: 'android' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ message: d.registered, data: { device: { platform: 'android' } } });
    expect(await devicesOf(student.id)).toMatchObject([{ fcm_token: token, push_p256dh: null, session_id: null }]);
    const missing = await register({ pairingCode: code, platform: 'android' });
    expect(missing.json()).toMatchObject({ message: d.tokenRequired });
  });

  it("does not count a signed-in student's registrations against the pairing limit of the address", async () => {
    const { studentAuth } = await signedIn();
    const sameAddress = address();
    // The limit in tests is 20 per window (DEVICE_RATE_LIMIT_MAX); a student app re-registers on every start.
    for (let round = 0; round < 22; round += 1) {
      const response = await register({ platform: 'web', subscription: subscription() }, studentAuth, sameAddress);
      expect(response.statusCode).toBe(201);
    }
    const guesses = await register(
      { pairingCode: 'K7QH3MZP', fcmToken: 'a'.repeat(30), platform: 'android' },
      {},
      sameAddress,
    );
    expect(guesses.statusCode).toBe(401);
  });
});

describe('GET /api/push/vapid-public-key', () => {
  it("answers the server's VAPID public key without sign-in: an uncompressed P-256 point", async () => {
    const response = await t.app.inject({ url: '/api/push/vapid-public-key' });
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(response.json().data.public_key as string, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(response.json().data.public_key).toBe(t.app.push.vapidPublicKey);
  });
});
