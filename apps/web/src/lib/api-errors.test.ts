import { describe, expect, it } from 'vitest';
import { envelopeMessage, errorMessage, isAuthFailure } from './api-errors';

describe('errorMessage', () => {
  it('prefers the server message', () => {
    expect(errorMessage({ status: 401, data: { status: false, message: 'Invalid email or password' } }, 'x')).toBe(
      'Invalid email or password',
    );
  });

  it('falls back to the first errors[] entry', () => {
    const error = {
      status: 400,
      data: { status: false, errors: [{ field: 'identifier', message: 'Invalid email address' }] },
    };
    expect(errorMessage(error, 'x')).toBe('Invalid email address');
  });

  it("uses a network failure's own message", () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Login failed')).toBe(
      'Failed to fetch',
    );
  });

  it('uses the fallback otherwise', () => {
    expect(errorMessage({ status: 'PARSING_ERROR', error: 'SyntaxError: <html>' }, 'Login failed')).toBe(
      'Login failed',
    );
    expect(errorMessage(undefined, 'Login failed')).toBe('Login failed');
  });
});

describe('envelopeMessage', () => {
  it('ignores blank messages', () => {
    expect(envelopeMessage({ message: ' ', errors: [] })).toBeUndefined();
  });
});

describe('isAuthFailure', () => {
  it('is true for HTTP 401', () => {
    expect(isAuthFailure({ error: { status: 401, data: {} } })).toBe(true);
  });

  it('is true for status false with code 401', () => {
    expect(isAuthFailure({ data: { status: false, code: 401, message: 'x' } })).toBe(true);
  });

  it('is true for the token messages', () => {
    expect(isAuthFailure({ error: { status: 403, data: { message: 'Invalid or expired token' } } })).toBe(true);
    expect(isAuthFailure({ data: { status: false, message: 'Authorization token missing' } })).toBe(true);
  });

  it('is false for other failures and successes', () => {
    expect(isAuthFailure({ error: { status: 400, data: { status: false, code: 400, message: 'Bad' } } })).toBe(false);
    expect(isAuthFailure({ data: { status: true, message: 'ok' } })).toBe(false);
  });
});
