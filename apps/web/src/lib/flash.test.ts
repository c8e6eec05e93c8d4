import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { takeFlash, writeFlash } from './flash';
import { createAppStore } from './store';

afterEach(() => window.sessionStorage.clear());

describe('flash', () => {
  it('hands one message to the next page, once', () => {
    writeFlash({ message: messages.auth.loggedIn, type: 'success' });
    expect(takeFlash()).toEqual({ message: messages.auth.loggedIn, type: 'success' });
    expect(takeFlash()).toBeNull();
  });

  it.each([
    ['{not json'],
    ['"text"'],
    ['null'],
    ['{"message":"","type":"success"}'],
    ['{"message":"x","type":"loud"}'],
  ])('treats %s as no message, and drops it', (raw) => {
    window.sessionStorage.setItem('flash', raw);
    expect(takeFlash()).toBeNull();
    expect(window.sessionStorage.getItem('flash')).toBeNull();
  });

  it("starts the app's store with it, for the toaster to show", () => {
    writeFlash({ message: messages.auth.loggedIn, type: 'success' });
    expect(createAppStore().getState().notification).toEqual({ message: messages.auth.loggedIn, type: 'success' });
    expect(createAppStore().getState().notification).toEqual({ message: '', type: '' });
  });
});
