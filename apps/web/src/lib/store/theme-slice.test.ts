import { describe, expect, it } from 'vitest';
import { readStoredTheme, setTheme, themeSlice, toggleTheme } from './theme-slice';
import { createAppStore } from './index';

const reduce = themeSlice.reducer;

describe('theme slice', () => {
  it('defaults to light when nothing is saved', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ mode: 'light' });
  });

  it('starts from the saved theme', () => {
    window.localStorage.setItem('theme', 'dark');
    expect(reduce(undefined, { type: 'init' })).toEqual({ mode: 'dark' });
  });

  it('ignores an unknown saved value', () => {
    window.localStorage.setItem('theme', 'purple');
    expect(readStoredTheme()).toBe('light');
  });

  it('toggle cycles light → dark → system → light', () => {
    const dark = reduce({ mode: 'light' }, toggleTheme());
    const system = reduce(dark, toggleTheme());
    const light = reduce(system, toggleTheme());
    expect([dark.mode, system.mode, light.mode]).toEqual(['dark', 'system', 'light']);
  });

  it('setTheme stores the given value', () => {
    expect(reduce({ mode: 'light' }, setTheme('system')).mode).toBe('system');
  });

  it('toggle saves the new mode to local storage', () => {
    const store = createAppStore();
    store.dispatch(toggleTheme());
    expect(window.localStorage.getItem('theme')).toBe('dark');
    store.dispatch(toggleTheme());
    expect(window.localStorage.getItem('theme')).toBe('system');
  });

  it('setTheme saves the value to local storage', () => {
    const store = createAppStore();
    store.dispatch(setTheme('dark'));
    expect(store.getState().theme.mode).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });
});
