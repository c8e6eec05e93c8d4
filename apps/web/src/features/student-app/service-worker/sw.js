/* global self, caches, clients */
/**
 * The student app's service worker (served at /student/sw.js, scope /student/). The build
 * (vite.config.ts, the student-app plugin) puts the list of the student shell's files in place of
 * the PRECACHE placeholder below: the page, its hashed scripts and styles, the manifest and icons.
 *
 * - install: keeps those files in a cache named after the build, so the app opens offline;
 * - activate: drops the caches of earlier builds;
 * - fetch: pages under /student/ from the network, the kept page when offline; the build's
 *   files from the cache first (their names change with their content). The API is never
 *   cached here: the app keeps its last answers itself, with when they came;
 * - push: shows the library's notification (title, body) and opens the inbox on a tap.
 */
const PRECACHE = self.__STUDENT_PRECACHE__;
const CACHE_PREFIX = 'student-shell-';
const CACHE = CACHE_PREFIX + PRECACHE.version;
const SHELL = '/student/';
const INBOX = '/student/inbox';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.urls))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(CACHE);
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

async function buildFile(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request)) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname === '/student' || url.pathname.startsWith(SHELL)) event.respondWith(page(request));
    return;
  }
  if (PRECACHE.urls.includes(url.pathname)) event.respondWith(buildFile(request));
});

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : PRECACHE.appName;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/student/icons/icon-192.png',
      badge: '/student/icons/badge-96.png',
      tag: payload.notification_id ? String(payload.notification_id) : undefined,
      data: { url: typeof payload.url === 'string' ? payload.url : INBOX },
    }),
  );
});

/** Only the student app's own pages open from a notification. */
function target(url) {
  const resolved = new URL(url || INBOX, self.location.origin);
  return resolved.origin === self.location.origin && resolved.pathname.startsWith(SHELL)
    ? resolved.href
    : new URL(INBOX, self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const href = target(event.notification.data && event.notification.data.url);
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(SHELL));
      if (open) return open.navigate(href).then((client) => (client ?? open).focus());
      return clients.openWindow(href);
    }),
  );
});
