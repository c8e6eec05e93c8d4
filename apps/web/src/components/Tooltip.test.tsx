import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from './Tooltip';

describe('Tooltip', () => {
  it('shows its title on hover, beside the same button (not remounted), and hides it on leave', async () => {
    render(
      <Tooltip title="Light theme">
        <button type="button" aria-label="Switch theme">
          x
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Switch theme' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Light theme');
    expect(screen.getByRole('button', { name: 'Switch theme' })).toBe(button);
    await userEvent.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('names a trigger without a name of its own, and keeps a name it has', () => {
    render(
      <>
        <Tooltip title="Edit">
          <button type="button">✎</button>
        </Tooltip>
        <Tooltip title="Remove">
          <button type="button" aria-label="Remove Hall A">
            ×
          </button>
        </Tooltip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Hall A' })).toBeTruthy();
  });

  it('describes the trigger while shown when asked to, and closes on Escape', async () => {
    render(
      <Tooltip title="Sent on WhatsApp by Asha" describeChild>
        <span tabIndex={0}>reminded today</span>
      </Tooltip>,
    );
    const trigger = screen.getByText('reminded today');
    expect(trigger.getAttribute('aria-label')).toBeNull();
    await userEvent.hover(trigger);
    const tooltip = await screen.findByRole('tooltip');
    expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(trigger.getAttribute('aria-describedby')).toBeNull();
  });

  it('keeps the handlers its trigger has', async () => {
    const seen: string[] = [];
    render(
      <Tooltip title="Copy">
        <button type="button" onMouseOver={() => seen.push('over')} onMouseLeave={() => seen.push('leave')}>
          c
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Copy' });
    fireEvent.mouseOver(button);
    fireEvent.mouseLeave(button);
    await act(async () => undefined);
    expect(seen).toEqual(['over', 'leave']);
  });
});
