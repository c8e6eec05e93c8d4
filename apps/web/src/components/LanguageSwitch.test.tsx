import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageMessages, setLanguage } from '@app/shared';
import { page } from '@/lib/language-switch';
import { LanguageSwitch } from './LanguageSwitch';

describe('LanguageSwitch', () => {
  afterEach(() => setLanguage('en'));

  it('names English and हिंदी in their own scripts, in a group named by the catalogue, the page’s language pressed', () => {
    render(<LanguageSwitch />);
    const group = screen.getByRole('group', { name: languageMessages.label });
    expect(group).toBeTruthy();
    const english = screen.getByRole('button', { name: 'English' });
    const hindi = screen.getByRole('button', { name: 'हिंदी' });
    expect(english.getAttribute('aria-pressed')).toBe('true');
    expect(hindi.getAttribute('aria-pressed')).toBe('false');
    expect(english.getAttribute('lang')).toBe('en');
    expect(hindi.getAttribute('lang')).toBe('hi');
    expect(hindi.getAttribute('type')).toBe('button');
  });

  it('signed out: keeps the choice on this device and reloads the page in it', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'हिंदी' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem('language')).toBe('hi');
  });

  it('does nothing for the language the page is already in', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const save = vi.fn(() => Promise.resolve(true));
    render(<LanguageSwitch save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(save).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('language')).toBeNull();
  });

  it('signed in: saves the choice on the server first, then on this device, then reloads', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const save = vi.fn((_language: string) => {
      expect(window.localStorage.getItem('language')).toBeNull();
      return Promise.resolve(true);
    });
    render(<LanguageSwitch save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'हिंदी' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith('hi');
    expect(window.localStorage.getItem('language')).toBe('hi');
  });

  it('when the server does not take it, the page stays as it is and the switch can be used again', async () => {
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    const save = vi.fn(() => Promise.resolve(false));
    render(<LanguageSwitch save={save} />);
    const hindi = screen.getByRole('button', { name: 'हिंदी' });
    await userEvent.click(hindi);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(hindi).not.toHaveProperty('disabled', true));
    expect(reload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('language')).toBeNull();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('in a Hindi page, हिंदी is pressed and the group is named in Hindi once the Hindi texts are loaded', async () => {
    const { loadHindi } = await import('@app/shared/i18n/hindi');
    loadHindi();
    setLanguage('hi');
    render(<LanguageSwitch />);
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'हिंदी' }).getAttribute('aria-pressed')).toBe('true');
  });
});
