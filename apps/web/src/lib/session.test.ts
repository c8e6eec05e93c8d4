import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adminSchema, sessionSchema } from '@app/shared';
import { fakeSession, storeSession } from '@/test/fixtures';
import { clearSession, parseAdmin, parseSession, readSession, readToken, writeSession } from './session';

describe('stored admin session', () => {
  it('reads back what was written', () => {
    writeSession(fakeSession);
    expect(readSession()).toEqual(fakeSession);
    expect(readToken()).toBe('test-token-123');
  });

  it('treats a value that is not JSON as no session, and drops it', () => {
    window.localStorage.setItem('admin', '{not json');
    expect(readSession()).toBeNull();
    expect(window.localStorage.getItem('admin')).toBeNull();
  });

  it('treats JSON that is not an AdminSession as no session', () => {
    window.localStorage.setItem('admin', JSON.stringify({ name: 'x' }));
    expect(readSession()).toBeNull();
  });

  it('clearSession removes it', () => {
    storeSession();
    clearSession();
    expect(window.localStorage.getItem('admin')).toBeNull();
  });
});

describe('parseSession', () => {
  const anyValue = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.array(fc.string()),
  );
  const library = fc.record(
    {
      id: fc.oneof(fc.string(), anyValue),
      name: fc.string(),
      timeZone: fc.oneof(fc.string(), anyValue),
      extra: anyValue,
    },
    { requiredKeys: ['id', 'name'] },
  );
  const session = fc.record(
    {
      id: fc.oneof(fc.string(), anyValue),
      name: fc.string(),
      email: fc.string(),
      phone: fc.oneof(fc.string(), anyValue),
      profileImage: fc.oneof(fc.string(), fc.constant(null), anyValue),
      library: fc.oneof(library, anyValue),
      token: fc.oneof(fc.string(), anyValue),
      expiresAt: fc.string(),
      role: fc.oneof(fc.constantFrom('owner', 'manager', 'desk'), anyValue),
      mustChangePassword: fc.oneof(fc.boolean(), anyValue),
      language: fc.oneof(fc.constantFrom('en', 'hi', null), anyValue),
    },
    { requiredKeys: ['id', 'name', 'email', 'library'] },
  );

  // A session stored before issue 20 has no `language`: read as null (none chosen), not dropped.
  const withLanguage = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { language?: unknown }).language === undefined
      ? { ...value, language: null }
      : value;

  it('answers exactly what the shared sessionSchema answers, unknown keys dropped', () => {
    fc.assert(
      fc.property(fc.oneof(session, anyValue), (value) => {
        const expected = sessionSchema.safeParse(withLanguage(value));
        expect(parseSession(value)).toEqual(expected.success ? expected.data : null);
      }),
      { numRuns: 2000 },
    );
    expect(parseSession({ ...fakeSession, extra: 1, library: { ...fakeSession.library, x: 2 } })).toEqual(fakeSession);
  });

  it('parseAdmin answers exactly what the shared adminSchema answers (what /auth/me returns)', () => {
    fc.assert(
      fc.property(fc.oneof(session, anyValue), (value) => {
        const expected = adminSchema.safeParse(withLanguage(value));
        expect(parseAdmin(value)).toEqual(expected.success ? expected.data : null);
      }),
      { numRuns: 2000 },
    );
    const { token: _token, expiresAt: _expiresAt, ...admin } = fakeSession;
    expect(parseAdmin(fakeSession)).toEqual(admin);
    expect(parseAdmin({ ...admin, role: 'janitor' })).toBeNull();
    expect(parseAdmin({ ...admin, language: 'fr' })).toBeNull();
    const { language: _language, ...before } = admin;
    expect(parseAdmin(before)).toEqual({ ...admin, language: null });
  });
});
