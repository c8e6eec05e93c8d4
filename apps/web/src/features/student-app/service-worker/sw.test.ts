// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const source = fs.readFileSync(new URL('./sw.js', import.meta.url), 'utf8').replace(
  'self.__STUDENT_PRECACHE__',
  JSON.stringify({
    version: 'v1',
    urls: ['/student/', '/student/manifest.webmanifest', '/assets/student-app-abc12345.js'],
    appName: 'My Library',
  }),
);

type Listener = (event: Record<string, unknown>) => void;

/** Runs the worker's script against fakes of what a browser gives it; answers its listeners and the fakes. */
function worker({ online }: { online: boolean }) {
  const listeners = new Map<string, Listener>();
  const cached = new Map<string, Response>([
    ['/student/', new Response('<!doctype html>student shell')],
    ['/assets/student-app-abc12345.js', new Response('cached js')],
  ]);
  const cache = {
    match: async (request: string | Request) =>
      cached.get(typeof request === 'string' ? request : new URL(request.url).pathname)?.clone(),
    addAll: vi.fn(async () => undefined),
  };
  const caches = {
    open: vi.fn(async () => cache),
    keys: async () => ['student-shell-old', 'student-shell-v1', 'other'],
    delete: vi.fn(),
  };
  const windows: { url: string; navigate: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> }[] = [];
  const clients = { matchAll: async () => windows, openWindow: vi.fn(async () => null), claim: vi.fn() };
  const showNotification = vi.fn(async () => undefined);
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    location: new URL('https://library.example/student/sw.js'),
    registration: { showNotification },
    skipWaiting: vi.fn(),
    clients,
  };
  const fetch = vi.fn(async () => {
    if (!online) throw new TypeError('Failed to fetch');
    return new Response('from the network');
  });
  new Function('self', 'caches', 'clients', 'fetch', source)(self, caches, clients, fetch);

  /** Dispatches an event; answers what it was answered with (respondWith) or waited on (waitUntil). */
  async function dispatch(type: string, event: Record<string, unknown>) {
    let answer: Promise<unknown> | undefined;
    listeners.get(type)!({
      ...event,
      respondWith: (value: Promise<unknown>) => (answer = value),
      waitUntil: (value: Promise<unknown>) => (answer = value),
    });
    return answer;
  }
  const request = (path: string, mode = 'no-cors', method = 'GET') => ({
    request: { url: `https://library.example${path}`, mode, method },
  });
  return { dispatch, request, cache, caches, clients, windows, showNotification, fetch };
}

describe('the student app service worker', () => {
  it('keeps the listed files on install and drops the older builds’ caches on activate', async () => {
    const sw = worker({ online: true });
    await sw.dispatch('install', {});
    expect(sw.cache.addAll).toHaveBeenCalledWith([
      '/student/',
      '/student/manifest.webmanifest',
      '/assets/student-app-abc12345.js',
    ]);
    await sw.dispatch('activate', {});
    expect(sw.caches.delete).toHaveBeenCalledWith('student-shell-old');
    expect(sw.caches.delete).toHaveBeenCalledTimes(1);
  });

  it('offline, serves the kept page for every /student page and the kept build files', async () => {
    const sw = worker({ online: false });
    const page = (await sw.dispatch('fetch', sw.request('/student/inbox', 'navigate'))) as Response;
    expect(await page.text()).toBe('<!doctype html>student shell');
    const script = (await sw.dispatch('fetch', sw.request('/assets/student-app-abc12345.js'))) as Response;
    expect(await script.text()).toBe('cached js');
  });

  it('online, takes pages from the network; it leaves the API, other pages and other methods alone', async () => {
    const sw = worker({ online: true });
    const page = (await sw.dispatch('fetch', sw.request('/student/', 'navigate'))) as Response;
    expect(await page.text()).toBe('from the network');
    expect(await sw.dispatch('fetch', sw.request('/api/student/me', 'cors'))).toBeUndefined();
    expect(await sw.dispatch('fetch', sw.request('/app/dashboard', 'navigate'))).toBeUndefined();
    expect(await sw.dispatch('fetch', sw.request('/assets/index-abc12345.js'))).toBeUndefined();
    expect(await sw.dispatch('fetch', sw.request('/student/', 'navigate', 'POST'))).toBeUndefined();
  });

  it('shows a push with its title and body, to open the inbox; a payload without a title gets the app’s name', async () => {
    const sw = worker({ online: true });
    const payload = { title: 'Closed on Sunday', body: 'For Diwali', notification_id: 'n-1', url: '/student/inbox' };
    await sw.dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(sw.showNotification).toHaveBeenCalledWith(
      'Closed on Sunday',
      expect.objectContaining({ body: 'For Diwali', tag: 'n-1', data: { url: '/student/inbox' } }),
    );
    await sw.dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
        text: () => 'plain words',
      },
    });
    expect(sw.showNotification).toHaveBeenLastCalledWith(
      'My Library',
      expect.objectContaining({ body: 'plain words' }),
    );
  });

  it('a tap opens the notice’s page of the app, never another site, in an open window of the app when there is one', async () => {
    const sw = worker({ online: true });
    const close = vi.fn();
    const tap = (url: string) => sw.dispatch('notificationclick', { notification: { close, data: { url } } });
    await tap('https://evil.example/phish');
    expect(sw.clients.openWindow).toHaveBeenLastCalledWith('https://library.example/student/inbox');
    await tap('/app/dashboard');
    expect(sw.clients.openWindow).toHaveBeenLastCalledWith('https://library.example/student/inbox');

    const open = { url: 'https://library.example/student/pass', navigate: vi.fn(async () => null), focus: vi.fn() };
    sw.windows.push(open);
    await tap('/student/payments');
    expect(open.navigate).toHaveBeenCalledWith('https://library.example/student/payments');
    expect(open.focus).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(3);
  });
});
