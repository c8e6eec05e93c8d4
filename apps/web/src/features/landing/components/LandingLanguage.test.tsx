import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageMessages } from '@app/shared';
import { page } from '@/lib/language-switch';
import { LandingLanguage } from './LandingLanguage';

describe("the landing page's language switch in the app (issue 20)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
    document.cookie = 'language=; path=/; max-age=0';
  });

  it('links each language, named in its own, the current one marked', () => {
    render(<LandingLanguage />);
    const group = screen.getByRole('group', { name: languageMessages.label });
    const english = screen.getByRole('link', { name: 'English' });
    const hindi = screen.getByRole('link', { name: 'हिंदी' });
    expect(group.contains(hindi) && group.contains(english)).toBe(true);
    expect(english.getAttribute('href')).toBe('/?lang=en');
    expect(english.getAttribute('lang')).toBe('en');
    expect(english.getAttribute('aria-current')).toBe('true');
    expect(hindi.getAttribute('href')).toBe('/?lang=hi');
    expect(hindi.getAttribute('lang')).toBe('hi');
    expect(hindi.hasAttribute('aria-current')).toBe(false);
  });

  it('saves a choice on the device and in the cookie, and reloads in it', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    render(<LandingLanguage />);
    await userEvent.click(screen.getByRole('link', { name: 'English' }));
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'हिंदी' }));
    expect(window.localStorage.getItem('language')).toBe('hi');
    expect(document.cookie).toContain('language=hi');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
