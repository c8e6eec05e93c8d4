import { describe, expect, it } from 'vitest';
import { clearNotification, notificationSlice, setNotification } from './notification-slice';

const reduce = notificationSlice.reducer;

describe('notification slice', () => {
  it('starts with an empty message and type', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ message: '', type: '' });
  });

  it('setNotification stores the message and the type', () => {
    const state = reduce(undefined, setNotification({ message: 'Saved', type: 'success' }));
    expect(state).toEqual({ message: 'Saved', type: 'success' });
  });

  it('clearNotification empties both', () => {
    const set = reduce(undefined, setNotification({ message: 'Oops', type: 'error' }));
    expect(reduce(set, clearNotification())).toEqual({ message: '', type: '' });
  });
});
