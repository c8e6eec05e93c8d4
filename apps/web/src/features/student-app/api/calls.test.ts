import { describe, expect, it, vi } from 'vitest';
import { page } from '@/lib/language-switch';
import { me, ok, stubStudentApi, studentSession } from '../test/student-test-utils';
import { studentApi } from './calls';
import { saveStudentSession } from './session';

describe('the student’s language (issue 20)', () => {
  it('sends the page’s language with every call', async () => {
    const fetch = vi.fn(async () => ok(me));
    vi.stubGlobal('fetch', fetch);
    await studentApi.me();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['accept-language']).toBe('en');
  });

  it('a language chosen on another phone becomes this phone’s, and the page reloads in it', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    saveStudentSession(studentSession);
    stubStudentApi({ 'GET /api/student/me': () => ok({ ...me, student: { ...me.student, language: 'hi' } }) });
    await studentApi.me();
    expect(window.localStorage.getItem('language')).toBe('hi');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('none chosen yet: this phone’s choice is saved for the student', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    saveStudentSession(studentSession);
    window.localStorage.setItem('language', 'hi');
    const calls = stubStudentApi({
      'GET /api/student/me': () => ok({ ...me, student: { ...me.student, language: null } }),
      'PUT /api/student/language': () => ok({ language: 'hi' }),
    });
    await studentApi.me();
    await vi.waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('PUT /api/student/language'),
    );
    expect(calls.at(-1)).toMatchObject({ body: { language: 'hi' }, authorization: `Bearer ${studentSession.token}` });
    expect(reload).not.toHaveBeenCalled();
  });
});
