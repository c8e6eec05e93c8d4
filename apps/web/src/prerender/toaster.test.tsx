import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { toast, ToastContainer } from 'react-toastify';
import { TOAST_OPTIONS } from '@/lib/toast-options';
import { showErrorToast } from './toaster';

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('data-dark');
});

/** The container markup with the per-toast ids made comparable. */
const markup = (root: ParentNode) =>
  (root.querySelector('section.Toastify')?.outerHTML ?? '').replace(/ id="[^"]*"/g, ' id="*"');

/** What react-toastify itself renders for `toast.error(message)` in the app's container. */
async function reactToast(message: string, theme: 'light' | 'dark') {
  const { container, unmount } = render(<ToastContainer {...TOAST_OPTIONS} theme={theme} />);
  await act(async () => {
    toast.error(message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  const html = markup(container);
  act(() => toast.dismiss());
  unmount();
  return html;
}

/** What the prerendered page's toaster puts in the container react-toastify rendered at build time. */
function pageToast(message: string, theme: 'light' | 'dark') {
  document.documentElement.toggleAttribute('data-dark', theme === 'dark');
  const host = document.createElement('div');
  host.innerHTML = renderToString(<ToastContainer {...TOAST_OPTIONS} theme={theme} />);
  document.body.append(host);
  showErrorToast(message);
  const html = markup(host);
  host.remove();
  return html;
}

describe('showErrorToast', () => {
  it.each(['light', 'dark'] as const)("builds react-toastify's own error toast markup (%s)", async (theme) => {
    const message = 'Invalid email or password';
    const expected = await reactToast(message, theme);
    expect(expected).toContain(message);
    expect(pageToast(message, theme)).toBe(expected);
  });

  it('puts the newest toast on top', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<ToastContainer {...TOAST_OPTIONS} theme="light" />);
    document.body.append(host);
    showErrorToast('first');
    showErrorToast('second');
    expect([...host.querySelectorAll('[role="alert"]')].map((node) => node.textContent)).toEqual(['second', 'first']);
  });
});
