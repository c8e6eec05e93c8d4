import { describe, expect, it } from 'vitest';
import { fakeSession, storeSession } from '@/test/fixtures';
import { createAppStore } from './index';

describe('createAppStore', () => {
  it('starts signed in when a valid admin session is stored', () => {
    storeSession();
    expect(createAppStore().getState().auth).toEqual({ status: true, userData: fakeSession });
  });

  it('starts signed out without a stored session', () => {
    expect(createAppStore().getState().auth).toEqual({ status: false, userData: null });
  });
});
