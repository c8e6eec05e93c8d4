import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { languageMessages, messages } from '@app/shared';
import { withLanguage } from '../../plugins/language';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { insertStudent } from '../../test/factories';
import { signInStudent } from '../../test/student-app';

// Issue 20: every answer in its caller's language (Accept-Language), with a stable code; each
// person's language kept on the server.
const t = useTestApp();

/** A text as the catalogue says it in a language (the test reads the same catalogue). */
function inLanguage(language: 'en' | 'hi', read: () => string): string {
  return withLanguage(language, read);
}

describe('answers in the caller’s language', () => {
  it('answers an error in Hindi for Accept-Language hi and in English otherwise, with the same stable code', async () => {
    const { auth } = await registerLibrary(t.app);
    const url = `/api/area/${randomUUID()}`;
    const hindi = await t.app.inject({ url, headers: { ...auth, 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' } });
    const english = await t.app.inject({ url, headers: { ...auth, 'accept-language': 'en-IN' } });
    const none = await t.app.inject({ url, headers: auth });

    expect(hindi.statusCode).toBe(404);
    expect(hindi.json()).toEqual({
      status: false,
      code: 404,
      message: inLanguage('hi', () => messages.areas.notFound),
      messageCode: 'areas.notFound',
      errors: [],
    });
    expect(hindi.json().message).toBe('क्षेत्र नहीं मिला');
    expect(english.json()).toMatchObject({ message: 'Area not found', messageCode: 'areas.notFound' });
    expect(none.json()).toMatchObject({ message: 'Area not found', messageCode: 'areas.notFound' });
    expect(hindi.headers['content-language']).toBe('hi');
    expect(english.headers['content-language']).toBe('en');
    expect(String(hindi.headers.vary)).toMatch(/accept-language/i);
  });

  it('keeps concurrent requests in their own languages', async () => {
    const { auth } = await registerLibrary(t.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          url: `/api/area/${randomUUID()}`,
          headers: { ...auth, 'accept-language': i % 2 ? 'hi' : 'en' },
        }),
      ),
    );
    answers.forEach((answer, i) => expect(answer.json().message).toBe(i % 2 ? 'क्षेत्र नहीं मिला' : 'Area not found'));
  });

  it('answers a body’s validation errors in Hindi, field by field, after the body was read', async () => {
    const { auth } = await registerLibrary(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: { ...auth, 'accept-language': 'hi' },
      payload: { language: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    const invalid = inLanguage('hi', () => languageMessages.invalid);
    expect(response.json()).toEqual({
      status: false,
      code: 400,
      message: invalid,
      messageCode: 'language.invalid',
      errors: [{ field: 'language', message: invalid, messageCode: 'language.invalid' }],
    });
  });

  it('answers the code of the text the guard read, before any handler ran', async () => {
    const response = await t.app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer nope' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      message: 'Invalid or expired token',
      messageCode: 'core.auth.invalidToken',
    });
  });
});

describe('PUT /api/auth/language', () => {
  it('keeps the person’s choice: sign-in and /auth/me answer it on any device', async () => {
    const { auth, session, body } = await registerLibrary(t.app);
    expect(session.language).toBeNull();

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: auth,
      payload: { language: 'hi' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ status: true, message: 'Language saved', data: { language: 'hi' } });

    const me = await t.app.inject({ url: '/api/auth/me', headers: auth });
    expect(me.json().data.language).toBe('hi');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: body.owner_email, password: body.password },
    });
    expect(login.json().data.language).toBe('hi');

    await t.app.inject({ method: 'PUT', url: '/api/auth/language', headers: auth, payload: { language: 'en' } });
    expect((await t.app.inject({ url: '/api/auth/me', headers: auth })).json().data.language).toBe('en');
  });

  it('audits a change of an earlier choice, not the first choice nor the same one again', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const put = (language: string) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/language', headers: auth, payload: { language } });
    const changes = async () =>
      (
        await t.pool.query(
          "select detail from audit_log where admin_id = $1 and action = 'admin.language_change' order by created_at",
          [session.id],
        )
      ).rows.map((row) => row.detail);
    expect((await put('hi')).statusCode).toBe(200);
    expect(await changes()).toEqual([]);
    expect((await put('hi')).statusCode).toBe(200);
    expect(await changes()).toEqual([]);
    expect((await put('en')).statusCode).toBe(200);
    expect(await changes()).toEqual(['en']);
    expect((await put('hi')).statusCode).toBe(200);
    expect(await changes()).toEqual(['en', 'hi']);
  });

  it('changes only the caller’s own record', async () => {
    const first = await registerLibrary(t.app);
    const second = await registerLibrary(t.app);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: first.auth,
      payload: { language: 'hi', id: second.session.id, adminId: second.session.id },
    });
    expect((await t.app.inject({ url: '/api/auth/me', headers: second.auth })).json().data.language).toBeNull();
  });

  it.each([
    [{ language: 'fr' }],
    [{ language: 'HI' }],
    [{ language: ['hi'] }],
    [{ language: null }],
    [{ language: "hi'); update admins set role = 'owner' --" }],
    [{}],
    [{ language: 'hi', extra: true }],
  ])('refuses %j with 400 and stores nothing', async (payload) => {
    const { auth, session } = await registerLibrary(t.app);
    const response = await t.app.inject({ method: 'PUT', url: '/api/auth/language', headers: auth, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(false);
    const stored = await t.pool.query('select language from admins where id = $1', [session.id]);
    expect(stored.rows[0].language).toBeNull();
  });

  it('refuses a caller without a session', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/auth/language', payload: { language: 'hi' } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a student’s token', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, session.library.id);
    const phone = await signInStudent(t.app, auth, student.id);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/language',
      headers: phone.auth,
      payload: { language: 'hi' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/student/language', () => {
  it('keeps the student’s choice for every phone: the next sign-in and /student/me answer it', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, session.library.id);
    const phone = await signInStudent(t.app, auth, student.id);
    expect(phone.student.language).toBeNull();

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/student/language',
      headers: { ...phone.auth, 'accept-language': 'hi' },
      payload: { language: 'hi' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ status: true, message: 'भाषा सहेज ली गई', data: { language: 'hi' } });

    const me = await t.app.inject({ url: '/api/student/me', headers: phone.auth });
    expect(me.json().data.student.language).toBe('hi');
    const again = await signInStudent(t.app, auth, student.id);
    expect(again.student.language).toBe('hi');
  });

  it('refuses an admin’s token, a bad language, and no session', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const student = await insertStudent(t.pool, session.library.id);
    const phone = await signInStudent(t.app, auth, student.id);
    const put = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/api/student/language', headers, payload: payload as object });
    expect((await put(auth, { language: 'hi' })).statusCode).toBe(401);
    expect((await put({}, { language: 'hi' })).statusCode).toBe(401);
    expect((await put(phone.auth, { language: 'de' })).statusCode).toBe(400);
    const stored = await t.pool.query('select language from students where id = $1', [student.id]);
    expect(stored.rows[0].language).toBeNull();
  });
});
