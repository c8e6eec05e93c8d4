import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { registerLibrary, unique, useTestApp } from '../../test/helpers';

const t = useTestApp();

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
      currentPassword: body.password,
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
      currentPassword: 'correct-horse',
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
      { field: 'name', message: messages.profile.nameRequired, messageCode: 'core.profile.nameRequired' },
      { field: 'email', message: messages.profile.emailRequired, messageCode: 'core.profile.emailRequired' },
      { field: 'phone', message: messages.profile.phoneRequired, messageCode: 'core.profile.phoneRequired' },
      { field: 'password', message: messages.profile.passwordRequired, messageCode: 'core.profile.passwordRequired' },
    ]);
    const malformed = await update(auth, { name: 'A', email: 'nope', phone: '12345', password: 'long-enough' });
    expect(malformed.json().errors).toEqual([
      { field: 'email', message: messages.profile.emailInvalid, messageCode: 'core.profile.emailInvalid' },
      { field: 'phone', message: messages.profile.phoneInvalid, messageCode: 'core.profile.phoneInvalid' },
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
      currentPassword: body.password,
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

  describe('the current password (issue 12: a stolen token must not take the account)', () => {
    const signIn = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: email, password } });
    const fieldErrors = (response: { json(): { errors: { field: string; message: string }[] } }) =>
      Object.fromEntries(response.json().errors.map((e) => [e.field, e.message]));

    it('is needed to change the email: without it nothing changes', async () => {
      const { auth, session, body } = await registerLibrary(t.app);
      const response = await update(auth, {
        name: 'Ravi',
        email: `thief-${unique()}@example.com`,
        phone: '9123456780',
        password: body.password,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: false,
        code: 400,
        message: messages.profile.currentPasswordRequired,
      });
      expect(fieldErrors(response)).toEqual({ currentPassword: messages.profile.currentPasswordRequired });
      const me = await t.app.inject({ url: '/api/auth/me', headers: auth });
      expect(me.json().data.email).toBe(session.email);
    });

    it('is needed to change the password: without it the old one still signs in and other sessions live', async () => {
      const { auth, session, body } = await registerLibrary(t.app);
      const other = await signIn(session.email, body.password);
      const otherAuth = { authorization: `Bearer ${other.json().data.token}` };
      for (const currentPassword of [undefined, '']) {
        const response = await update(auth, {
          name: 'Ravi',
          email: session.email,
          phone: '9123456780',
          password: 'stolen-and-changed',
          ...(currentPassword === undefined ? {} : { currentPassword }),
        });
        expect(response.statusCode).toBe(400);
        expect(fieldErrors(response)).toEqual({ currentPassword: messages.profile.currentPasswordRequired });
      }
      expect((await signIn(session.email, body.password)).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/auth/me', headers: otherAuth })).statusCode).toBe(200);
    });

    it('refuses a wrong current password on the field, and audits it', async () => {
      const { auth, session, body } = await registerLibrary(t.app);
      const response = await update(auth, {
        name: 'Ravi',
        email: `thief-${unique()}@example.com`,
        phone: '9123456780',
        password: 'stolen-and-changed',
        currentPassword: 'a-guess-at-it',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, message: messages.profile.currentPasswordWrong });
      expect(fieldErrors(response)).toEqual({ currentPassword: messages.profile.currentPasswordWrong });
      expect((await signIn(session.email, body.password)).statusCode).toBe(200);
      const audit = await t.pool.query(`select action, ip from audit_log where admin_id = $1 order by created_at`, [
        session.id,
      ]);
      expect(audit.rows.map((row) => row.action)).toContain('admin.current_password_refused');
    });

    it('changes email and password with the right one', async () => {
      const { auth, body } = await registerLibrary(t.app);
      const email = `moved-${unique()}@example.com`;
      const response = await update(auth, {
        name: 'Ravi',
        email,
        phone: '9123456780',
        password: 'a-new-password',
        currentPassword: body.password,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await signIn(email, 'a-new-password')).statusCode).toBe(200);
    });

    it('is not needed for a change of name or phone', async () => {
      const { auth, session, body } = await registerLibrary(t.app);
      const response = await update(auth, {
        name: 'Sunita',
        email: session.email.toUpperCase(),
        phone: '9000000001',
        password: body.password,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.admin).toMatchObject({ name: 'Sunita', phone: '9000000001' });
    });

    it('stops a session guessing it after five wrong tries', async () => {
      const { auth, session, body } = await registerLibrary(t.app);
      const guess = (currentPassword: string) =>
        update(auth, {
          name: 'Ravi',
          email: session.email,
          phone: '9123456780',
          password: 'x-new-password',
          currentPassword,
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await guess(`guess-number-${i}`)).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const right = await guess(body.password);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ status: false, code: 429, message: messages.auth.tooManyAttempts });
    });
  });
});
