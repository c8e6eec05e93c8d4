import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminSession } from '@app/shared';

/** SPEC.md §3 client state `auth`: whether an admin is signed in, and who. */
export interface AuthState {
  status: boolean;
  userData: AdminSession | null;
}

export const initialAuthState: AuthState = { status: false, userData: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    login(state, action: PayloadAction<AdminSession>) {
      state.status = true;
      state.userData = action.payload;
    },
    logout(state) {
      state.status = false;
      state.userData = null;
    },
  },
});

export const { login, logout } = authSlice.actions;
