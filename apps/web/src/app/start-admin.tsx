import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRouter, loadRoutesFor } from '@/app/router';
import { createAppStore } from '@/lib/store';
import { APP_LISTENING_EVENT } from '@/prerender/app-started';

/**
 * The admin app's start, imported by main.tsx once the page's language is fixed (issue 20), so
 * that every module here reads its texts in that language.
 */
const store = createAppStore();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The build prerenders /login in English from this same tree for a signed-out visitor
// (src/prerender): that page is hydrated, every other one rendered. (In another language main.tsx
// has dropped the prerendered page, which its head script hid: it is rendered too.)
const prerendered = container.firstElementChild !== null && !store.getState().auth.status;

async function start(root: HTMLElement) {
  if (prerendered) await loadRoutesFor(window.location);
  const app = (
    <StrictMode>
      <AppProvider store={store}>
        <AppRouter router={createAppRouter()} />
      </AppProvider>
    </StrictMode>
  );
  // In a transition React hydrates in slices, yielding to the browser (and to a visitor's first
  // keystroke) between them rather than holding a slow phone's main thread for the whole tree.
  if (prerendered) {
    startTransition(() => void hydrateRoot(root, app));
    // React handles the page's events from here on (the head script stops holding them).
    document.dispatchEvent(new Event(APP_LISTENING_EVENT));
  } else {
    // Likewise the first render of any other page (issue 18: the signed-in shell and its screen
    // rendered in one task of half a second on a throttled phone).
    const created = createRoot(root);
    startTransition(() => created.render(app));
  }
}

void start(container);
