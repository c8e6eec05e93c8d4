import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { buildTestApp, registerLibrary, registrationBody, type TestApp, unique, useTestApp } from '../../test/helpers';
import { emptyRegistration, emptyRegistrationMessages } from '../../../../../packages/shared/src/auth/auth.test-data';

const t = useTestApp();

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register/library', payload: payload as object });
const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const loginFrom = (app: TestApp, remoteAddress: string, payload: { identifier: string; password: string }) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload });

describe('POST /api/auth/register/library', () => {
  it('creates the library and its owner, and answers a signed-in session', async () => {
    const body = registrationBody({ owner_email: `  Owner-${unique()}@Example.COM ` });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json.status).toBe(true);
    expect(json.data.token).toMatch(/^[\w-]{43}$/);
    expect(json.data.email).toBe(body.owner_email.trim().toLowerCase());
    expect(json.data.name).toBe('Ravi Kumar');
    expect(json.data.library).toMatchObject({ name: 'Gyan Study Point', timeZone: 'Asia/Kolkata' });
    expect(json.data).not.toHaveProperty('passwordHash');

    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${json.data.token}` } });
    expect(me.json().data.id).toBe(json.data.id);

    const stored = await t.pool.query('select password_hash from admins where id = $1', [json.data.id]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const tokens = await t.pool.query('select token_hash from sessions where admin_id = $1', [json.data.id]);
    expect(tokens.rows[0].token_hash).not.toBe(json.data.token);
  });

  it('answers every registration rule with the spec message', async () => {
    const response = await register(emptyRegistration);
    expect(response.statusCode).toBe(400);
    const json = response.json();
    expect(json).toMatchObject({ status: false, code: 400, message: messages.registration.libraryNameRequired });
    const byField = Object.fromEntries(
      json.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toEqual(emptyRegistrationMessages);
  });

  it('refuses malformed mobiles, emails and short passwords', async () => {
    const response = await register(
      registrationBody({
        mobile: '5123456789',
        owner_mobile: '98765',
        email: 'nope',
        owner_email: 'a@b',
        password: 'short',
      }),
    );
    const byField = Object.fromEntries(
      response.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(byField).toEqual({
      mobile: messages.registration.mobileInvalid,
      owner_mobile: messages.registration.mobileInvalid,
      email: messages.registration.emailInvalid,
      owner_email: messages.registration.emailInvalid,
      password: messages.registration.passwordMin,
    });
  });

  it('accepts a missing last name and address', async () => {
    const body = registrationBody();
    delete body.last_name;
    delete body.address;
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.name).toBe('Ravi');
  });

  it('refuses a second registration with the same owner email and leaves no library behind', async () => {
    const first = await registerLibrary(t.app);
    // Other test files register libraries in the same database at the same time: look for
    // this copy's own (unique) desk email rather than counting every library.
    const copy = registrationBody({ owner_email: first.body.owner_email.toUpperCase(), library_name: 'Copy' });
    const response = await register(copy);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      status: false,
      code: 409,
      message: messages.auth.ownerEmailTaken,
      errors: [{ field: 'owner_email', message: messages.auth.ownerEmailTaken }],
    });
    const left = await t.pool.query('select count(*)::int as n from libraries where email = $1', [copy.email]);
    expect(left.rows[0].n).toBe(0);
  });

  it('never answers a 5xx to malformed bodies', async () => {
    for (const payload of [
      '{bad',
      '[]',
      'null',
      '"text"',
      '{"library_name": {"$gt": ""}}',
      '{"__proto__": {"x": 1}}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/library',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toMatchObject({ status: false, code: 400 });
    }
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/library',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(415);
    const huge = await register(registrationBody({ library_name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: false, code: 413, message: messages.validation.bodyTooLarge });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the owner email, case-insensitively', async () => {
    const { body } = await registerLibrary(t.app);
    const response = await login({ identifier: body.owner_email.toUpperCase(), password: body.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: messages.auth.loggedIn,
      data: { email: body.owner_email },
    });
  });

  it('answers one generic message for an unknown email and for a wrong password', async () => {
    const { body } = await registerLibrary(t.app);
    const wrongPassword = await login({ identifier: body.owner_email, password: 'not-the-password' });
    const unknownEmail = await login({ identifier: `nobody-${unique()}@example.com`, password: 'whatever123' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        status: false,
        code: 401,
        message: messages.auth.invalidCredentials,
        messageCode: 'core.auth.invalidCredentials',
        errors: [],
      });
    }
  });

  it('answers the login rules with the spec messages', async () => {
    const response = await login({ identifier: 'not-an-email', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'identifier', message: messages.login.invalidEmail, messageCode: 'core.login.invalidEmail' },
      { field: 'password', message: messages.login.passwordMin, messageCode: 'core.login.passwordMin' },
    ]);
  });
});

describe('sessions', () => {
  it('answers 401 with code 401 for a missing, malformed, unknown or revoked token', async () => {
    const missing = await t.app.inject({ url: '/api/auth/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      status: false,
      code: 401,
      message: messages.auth.missingToken,
      messageCode: 'core.auth.missingToken',
      errors: [],
    });

    for (const authorization of ['Bearer', 'Basic abc', 'Bearer not-a-token', `Bearer ${'x'.repeat(500)}`]) {
      const response = await t.app.inject({ url: '/api/auth/me', headers: { authorization } });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({
        code: 401,
        message: messages.auth.invalidToken,
        messageCode: 'core.auth.invalidToken',
      });
    }

    const { auth } = await registerLibrary(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/auth/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(messages.auth.invalidToken);
  });

  it('logout with a JSON content type and no body still works', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired session', async () => {
    const { auth, session } = await registerLibrary(t.app);
    await t.pool.query(`update sessions set expires_at = now() - interval '1 second' where admin_id = $1`, [
      session.id,
    ]);
    const response = await t.app.inject({ url: '/api/auth/me', headers: auth });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.auth.invalidToken);
  });
});

describe('rate limiting', () => {
  it('answers 429 after too many sign-in attempts from one address', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { identifier: `x${unique()}@example.com`, password: 'whatever123' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json()).toMatchObject({ status: false, code: 429, message: messages.auth.tooManyAttempts });
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('lets the owner sign in from a fresh address while attackers fail from many', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_SLOWDOWN_MAX_MS: '20' });
    try {
      const { body } = await registerLibrary(t.app);
      const attacker = `10.6.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      // 12 wrong passwords from 6 addresses, two each: under every address's limit.
      for (let i = 0; i < 12; i += 1) {
        const response = await loginFrom(limited, `${attacker}.${Math.floor(i / 2) + 1}`, {
          identifier: body.owner_email,
          password: 'not-the-password',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual(Array(12).fill(401));
      const owner = await loginFrom(limited, `10.5.${Math.floor(Math.random() * 250)}.9`, {
        identifier: body.owner_email,
        password: body.password,
      });
      expect(owner.statusCode, owner.body).toBe(200);
      // And again: the attackers' failures never turn the right password into a 429.
      for (let i = 0; i < 4; i += 1) {
        await loginFrom(limited, `${attacker}.${100 + i}`, { identifier: body.owner_email, password: 'wrong-again' });
      }
      const again = await loginFrom(limited, `10.4.${Math.floor(Math.random() * 250)}.9`, {
        identifier: body.owner_email,
        password: body.password,
      });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts failures only: successful sign-ins never reach the limit', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const { body } = await registerLibrary(t.app);
      const address = `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const right = { identifier: body.owner_email, password: body.password };
      for (let i = 0; i < 5; i += 1) {
        expect((await loginFrom(limited, address, right)).statusCode, `sign-in ${i + 1}`).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it("resets the account's count on success, so later attempts are not slowed", async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '100', AUTH_SLOWDOWN_MAX_MS: '2000' });
    try {
      const { body } = await registerLibrary(t.app);
      const wrong = { identifier: body.owner_email, password: 'not-the-password' };
      const prefix = `10.2.${Math.floor(Math.random() * 250)}`;
      for (let i = 0; i < 5; i += 1) await loginFrom(limited, `${prefix}.${i + 1}`, wrong);
      // Five failures: the account's attempts now wait (250 ms after the 4th, 500 ms after the 5th).
      const slowedAt = Date.now();
      expect((await loginFrom(limited, `${prefix}.50`, wrong)).statusCode).toBe(401);
      expect(Date.now() - slowedAt).toBeGreaterThanOrEqual(450);

      expect((await loginFrom(limited, `${prefix}.60`, { ...wrong, password: body.password })).statusCode).toBe(200);
      const counted = await limited.pool.query(`select hits from rate_limits where key = $1`, [
        `login:account:${body.owner_email}`,
      ]);
      expect(counted.rows).toEqual([]);
      const fastAt = Date.now();
      expect((await loginFrom(limited, `${prefix}.70`, wrong)).statusCode).toBe(401);
      expect(Date.now() - fastAt).toBeLessThan(400);
    } finally {
      await limited.close();
    }
  });

  it('still stops one address hammering one account', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3', AUTH_SLOWDOWN_MAX_MS: '20' });
    try {
      const { body } = await registerLibrary(t.app);
      const address = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (await loginFrom(limited, address, { identifier: body.owner_email, password: 'not-the-password' }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Even the right password from that address waits out the window; from elsewhere it works.
      const right = { identifier: body.owner_email, password: body.password };
      expect((await loginFrom(limited, address, right)).statusCode).toBe(429);
      expect((await loginFrom(limited, `10.0.${Math.floor(Math.random() * 250)}.1`, right)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits registrations too', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1' });
    try {
      const remoteAddress = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const first = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/register/library',
        remoteAddress,
        payload: registrationBody(),
      });
      const second = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/register/library',
        remoteAddress,
        payload: registrationBody(),
      });
      expect([first.statusCode, second.statusCode]).toEqual([201, 429]);
    } finally {
      await limited.close();
    }
  });
});
