import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

type NotificationType = '' | 'success' | 'error' | 'info' | 'warning';

/** SPEC.md §3 client state `notification`: a message waiting to be shown, and its kind. */
export interface NotificationState {
  message: string;
  type: NotificationType;
}

const initialNotificationState: NotificationState = { message: '', type: '' };

export const notificationSlice = createSlice({
  name: 'notification',
  initialState: initialNotificationState,
  reducers: {
    setNotification(state, action: PayloadAction<NotificationState>) {
      state.message = action.payload.message;
      state.type = action.payload.type;
    },
    clearNotification() {
      return initialNotificationState;
    },
  },
});

export const { setNotification, clearNotification } = notificationSlice.actions;
