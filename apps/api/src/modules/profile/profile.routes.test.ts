import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { buildTestApp, registerLibrary, unique, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const update = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/update-admin-profile', headers, payload: payload as object });

describe('PUT /api/admin/update-admin-profile', () => {
  it('saves the profile and answers status "success" with data.admin', async () => {
    const { auth, body } = await registerLibrary(t.app);
    const email = `new-${unique()}@example.com`;
    const response = await update(auth, {
      name: ' Sunita Sharma ',
      email,
      phone: '0123456789',
      password: body.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: messages.profile.updated,
      data: { admin: { name: 'Sunita Sharma', email, phone: '0123456789', profileImage: null } },
    });
    expect(response.json().data.admin).not.toHaveProperty('passwordHash');
    const me = await t.app.inject({ url: '/api/auth/me', headers: auth });
    expect(me.json().data.email).toBe(email);
  });

  it('changes the password when a new one is given', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const response = await update(auth, {
      name: 'Ravi',
      email: session.email,
      phone: '9123456780',
      password: 'a-new-password',
    });
    expect(response.statusCode).toBe(200);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: session.email, password: 'correct-horse' },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: session.email, password: 'a-new-password' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('answers the profile rules with the spec messages', async () => {
    const { auth } = await registerLibrary(t.app);
    const empty = await update(auth, { name: '', email: '', phone: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'name', message: messages.profile.nameRequired },
      { field: 'email', message: messages.profile.emailRequired },
      { field: 'phone', message: messages.profile.phoneRequired },
      { field: 'password', message: messages.profile.passwordRequired },
    ]);
    const malformed = await update(auth, { name: 'A', email: 'nope', phone: '12345', password: 'long-enough' });
    expect(malformed.json().errors).toEqual([
      { field: 'email', message: messages.profile.emailInvalid },
      { field: 'phone', message: messages.profile.phoneInvalid },
    ]);
  });

  it('keeps emails unique across admins', async () => {
    const other = await registerLibrary(t.app);
    const { auth, body } = await registerLibrary(t.app);
    const response = await update(auth, {
      name: 'Ravi',
      email: other.body.owner_email,
      phone: '9123456780',
      password: body.password,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 409,
      message: messages.profile.emailTaken,
      errors: [{ field: 'email' }],
    });
  });

  it('needs a session', async () => {
    const response = await update(
      {},
      { name: 'A', email: 'a@example.com', phone: '1234567890', password: 'long-enough' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, message: messages.auth.missingToken });
  });
});
