import { describe, expect, it } from 'vitest';
import { fakeSession, storeSession } from '@/test/fixtures';
import { clearSession, readSession, readToken, writeSession } from './session';

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
