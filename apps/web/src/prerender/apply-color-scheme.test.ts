import { describe, expect, it } from 'vitest';
import { applyColorScheme, resolveColorScheme } from './apply-color-scheme';

describe('the prerendered pages’ colour scheme', () => {
  it('paints the choice, or the device’s preference for system', () => {
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
  });

  it('leaves one scheme class on the element, as MUI does with the class selector', () => {
    const root = document.createElement('html');
    root.className = 'light other';
    applyColorScheme(root, 'dark', false);
    expect(root.className).toBe('other dark');
    applyColorScheme(root, 'system', false);
    expect(root.className).toBe('other light');
  });
});
