import { describe, expect, it } from 'vitest';
import { fakeSession } from '@/test/fixtures';
import { authSlice, initialAuthState, login, logout } from './auth-slice';

const reduce = authSlice.reducer;

describe('auth slice', () => {
  it('starts signed out with no user data', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ status: false, userData: null });
  });

  it('login sets status true and stores the payload', () => {
    const state = reduce(initialAuthState, login(fakeSession));
    expect(state.status).toBe(true);
    expect(state.userData).toEqual(fakeSession);
  });

  it('login again replaces the stored user data', () => {
    const renamed = { ...fakeSession, name: 'Priya S.' };
    const state = reduce(reduce(initialAuthState, login(fakeSession)), login(renamed));
    expect(state.userData?.name).toBe('Priya S.');
  });

  it('logout sets status false and clears the user data', () => {
    const state = reduce(reduce(initialAuthState, login(fakeSession)), logout());
    expect(state).toEqual({ status: false, userData: null });
  });
});
