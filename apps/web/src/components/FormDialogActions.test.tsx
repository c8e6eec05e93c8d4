import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialogActions } from './FormDialogActions';

const texts = { cancel: 'Cancel', create: 'Add', creating: 'Adding...', update: 'Save', updating: 'Saving...' };

describe('FormDialogActions', () => {
  it.each([
    ['create', false, 'Add'],
    ['create', true, 'Adding...'],
    ['edit', false, 'Save'],
    ['edit', true, 'Saving...'],
  ] as const)('in %s mode, busy %s, names the submit %s', (mode, busy, label) => {
    render(<FormDialogActions mode={mode} busy={busy} texts={texts} onCancel={() => undefined} />);
    const submit = screen.getByRole('button', { name: label });
    expect(submit.getAttribute('type')).toBe('submit');
    expect(submit.hasAttribute('disabled')).toBe(busy);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(busy);
  });

  it('cancels', async () => {
    const onCancel = vi.fn();
    render(<FormDialogActions mode="create" busy={false} texts={texts} onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
