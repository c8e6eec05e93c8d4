import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatPairingCode, messages, PAIRING_CODE_ALPHABET } from '@app/shared';
import { fakeFcmToken } from '../../lib/push/testing/fixtures';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';

const d = messages.notification.devices;
const t = useTestApp({ DEVICE_RATE_LIMIT_MAX: '5' });

// Each test calls from its own address: the device call is rate-limited per address.
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const pairingCode = (headers: Record<string, string>, studentId: string) =>
  t.app.inject({ method: 'POST', url: `/api/user/${studentId}/pairing-code`, headers });

const register = (payload: unknown, remoteAddress = address()) =>
  t.app.inject({ method: 'POST', url: '/api/devices', payload: payload as object, remoteAddress });

async function studentWithCode() {
  const library = await registerLibrary(t.app);
  const student = await insertStudent(t.pool, library.session.library.id, { firstName: 'Meera' });
  const response = await pairingCode(library.auth, student.id);
  return { library, student, code: response.json().data.code as string, response };
}

describe('POST /api/user/{id}/pairing-code', () => {
  it('answers a fresh 8-character code once and keeps only its hash', async () => {
    const { code, response, student } = await studentWithCode();
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(code).toMatch(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{8}$`));
    const stored = await t.pool.query('select code_hash from student_pairing_codes where student_id = $1', [
      student.id,
    ]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].code_hash).not.toContain(code);
    expect(stored.rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 404 for another library's student or a bad id, and changes nothing", async () => {
    const { student } = await studentWithCode();
    const before = await t.pool.query('select code_hash from student_pairing_codes where student_id = $1', [
      student.id,
    ]);
    const intruder = await registerLibrary(t.app);
    for (const id of [student.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const response = await pairingCode(intruder.auth, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(messages.students.notFound);
    }
    const after = await t.pool.query('select code_hash from student_pairing_codes where student_id = $1', [student.id]);
    expect(after.rows).toEqual(before.rows);
    expect((await t.app.inject({ url: `/api/user/${student.id}/devices`, headers: intruder.auth })).statusCode).toBe(
      404,
    );
  });

  it('needs a session', async () => {
    const { student } = await studentWithCode();
    expect((await pairingCode({}, student.id)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/user/${student.id}/devices` })).statusCode).toBe(401);
  });
});

describe('POST /api/devices', () => {
  it('pairs a phone with the code, typed in any case and with a dash', async () => {
    const { code, student, library } = await studentWithCode();
    const token = fakeFcmToken();
    const response = await register({
      pairingCode: formatPairingCode(code).toLowerCase(),
      fcmToken: token,
      platform: 'android',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: true,
      message: d.registered,
      data: {
        device: { platform: 'android' },
        student: { first_name: 'Meera' },
        library: { name: 'Gyan Study Point' },
      },
    });
    const devices = await t.app.inject({ url: `/api/user/${student.id}/devices`, headers: library.auth });
    expect(devices.json().data).toMatchObject({
      has_code: true,
      devices: [{ id: response.json().data.device.id, platform: 'android' }],
    });
  });

  it('updates the same token instead of adding it twice', async () => {
    const { code, student } = await studentWithCode();
    const token = fakeFcmToken();
    const first = await register({ pairingCode: code, fcmToken: token, platform: 'android' });
    await t.pool.query(`update student_devices set last_seen_at = now() - interval '3 days' where id = $1`, [
      first.json().data.device.id,
    ]);
    const again = await register({ pairingCode: code, fcmToken: token, platform: 'web' });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.device.id).toBe(first.json().data.device.id);
    const rows = await t.pool.query(
      `select platform, last_seen_at > now() - interval '1 minute' as fresh from student_devices where student_id = $1`,
      [student.id],
    );
    expect(rows.rows).toEqual([{ platform: 'web', fresh: true }]);
  });

  it('refuses a wrong code, and the old code once a new one is made', async () => {
    const { code, student, library } = await studentWithCode();
    const wrong = await register({
      pairingCode: code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA',
      fcmToken: fakeFcmToken(),
      platform: 'ios',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: false, code: 401, message: d.codeInvalid });

    const paired = await register({ pairingCode: code, fcmToken: fakeFcmToken(), platform: 'ios' });
    expect(paired.statusCode).toBe(201);
    const fresh = (await pairingCode(library.auth, student.id)).json().data.code;
    expect(fresh).not.toBe(code);
    const stale = await register({ pairingCode: code, fcmToken: fakeFcmToken(), platform: 'ios' });
    expect(stale.statusCode).toBe(401);
    expect((await register({ pairingCode: fresh, fcmToken: fakeFcmToken(), platform: 'ios' })).statusCode).toBe(201);
    // The phone paired with the old code stays paired.
    const devices = await t.app.inject({ url: `/api/user/${student.id}/devices`, headers: library.auth });
    expect(devices.json().data.devices).toHaveLength(2);
  });

  it('validates the body with clear messages', async () => {
    const cases: [unknown, string, string, string][] = [
      [
        { fcmToken: fakeFcmToken(), platform: 'android' },
        'pairingCode',
        d.codeRequired,
        'notifications.devices.codeRequired',
      ],
      [
        { pairingCode: '  ', fcmToken: fakeFcmToken(), platform: 'android' },
        'pairingCode',
        d.codeRequired,
        'notifications.devices.codeRequired',
      ],
      [
        { pairingCode: 'ABC', fcmToken: fakeFcmToken(), platform: 'android' },
        'pairingCode',
        d.codeInvalid,
        'notifications.devices.codeInvalid',
      ],
      [
        { pairingCode: 'A'.repeat(500), fcmToken: fakeFcmToken(), platform: 'android' },
        'pairingCode',
        d.codeInvalid,
        'notifications.devices.codeInvalid',
      ],
      [
        { pairingCode: 'ABCDEFGH', platform: 'android' },
        'fcmToken',
        d.tokenRequired,
        'notifications.devices.tokenRequired',
      ],
      [
        { pairingCode: 'ABCDEFGH', fcmToken: 'short', platform: 'android' },
        'fcmToken',
        d.tokenInvalid,
        'notifications.devices.tokenInvalid',
      ],
      [
        { pairingCode: 'ABCDEFGH', fcmToken: 'x'.repeat(5000), platform: 'android' },
        'fcmToken',
        d.tokenInvalid,
        'notifications.devices.tokenInvalid',
      ],
      [
        { pairingCode: 'ABCDEFGH', fcmToken: `${fakeFcmToken()} <script>`, platform: 'android' },
        'fcmToken',
        d.tokenInvalid,
        'notifications.devices.tokenInvalid',
      ],
      [
        { pairingCode: 'ABCDEFGH', fcmToken: fakeFcmToken(), platform: 'symbian' },
        'platform',
        d.platformInvalid,
        'notifications.devices.platformInvalid',
      ],
    ];
    for (const [payload, field, message, messageCode] of cases) {
      const response = await register(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().errors[0]).toEqual({ field, message, messageCode });
    }
  });

  it('is rate-limited per address, counting malformed attempts too', async () => {
    const from = address();
    const codes = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      codes.push((await register({ pairingCode: 'ZZZZZZZZ', fcmToken: 'bad', platform: 'android' }, from)).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400]);
    const limited = await register({ pairingCode: 'ZZZZZZZZ', fcmToken: fakeFcmToken(), platform: 'android' }, from);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ status: false, code: 429 });
    // Another address is not affected.
    expect(
      (await register({ pairingCode: 'ZZZZZZZZ', fcmToken: fakeFcmToken(), platform: 'android' })).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/user/{id}/devices/{deviceId}', () => {
  it('unpairs a phone of the library only', async () => {
    const { code, student, library } = await studentWithCode();
    const deviceId = (await register({ pairingCode: code, fcmToken: fakeFcmToken(), platform: 'android' })).json().data
      .device.id;
    const intruder = await registerLibrary(t.app);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${student.id}/devices/${deviceId}`,
      headers: intruder.auth,
    });
    expect(refused.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${student.id}/devices/nope`,
      headers: library.auth,
    });
    expect(bad.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${student.id}/devices/${deviceId}`,
      headers: library.auth,
    });
    expect(removed.statusCode).toBe(200);
    const devices = await t.app.inject({ url: `/api/user/${student.id}/devices`, headers: library.auth });
    expect(devices.json().data.devices).toEqual([]);
  });
});
