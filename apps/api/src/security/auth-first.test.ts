import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { type TestApp, useTestApp } from '../test/helpers';
import { PUBLIC_ROUTES, SHARED_RECEIPT_ROUTES } from '../test/public-routes';

/**
 * Authentication runs before validation on every guarded route (issue 12, item 9): an
 * anonymous caller sending invalid params, query and body learns nothing about the
 * route's rules, it gets 401. The routes come from the app's own route table, so a new
 * route is covered without anyone adding it here; only the public ones are listed.
 */
const PUBLIC = new Set<string>([
  ...PUBLIC_ROUTES,
  // Served through a signed link (an <img> sends no bearer token): modules/files.
  'GET /api/files/*',
]);

const t = useTestApp();

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  const inner = (schema as { _zod?: { def?: { in?: unknown; schema?: unknown } } } | undefined)?._zod?.def;
  return inner?.in ? keysOf(inner.in) : inner?.schema ? keysOf(inner.schema) : [];
}

/** The route with every path parameter, query key and body field set to something invalid. */
function invalidRequest(route: TestApp['app']['routeTable'][number]) {
  const path = route.url.replace(/:\w+/g, 'abc').replace(/\*$/, '..%2fzzz');
  const query = new URLSearchParams({ limit: 'abc', page: '-1', sortBy: 'zzz', sortOrder: 'sideways' });
  for (const key of keysOf(route.schema?.querystring)) query.set(key, 'zzz');
  const body: Record<string, unknown> = { unexpected: { $gt: '' } };
  for (const key of keysOf(route.schema?.body)) body[key] = { $gt: [] };
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  return { url: `${path}?${query.toString()}`, payload: hasBody ? body : undefined };
}

describe('authentication before validation', () => {
  const guardedRoutes = () =>
    t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !['HEAD', 'OPTIONS'].includes(route.method) &&
        !route.url.startsWith('/api/docs') &&
        !PUBLIC.has(`${route.method} ${route.url}`),
    );

  it('answers 401 to invalid input without a session, on every guarded route', async () => {
    const routes = guardedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const route of routes) {
      const { url, payload } = invalidRequest(route);
      for (const headers of [{}, { authorization: 'Bearer not-a-session-token' }]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        const expected = 'authorization' in headers ? messages.auth.invalidToken : messages.auth.missingToken;
        const json = String(response.headers['content-type']).includes('json') ? response.json() : undefined;
        if (response.statusCode !== 401 || json?.code !== 401 || json?.message !== expected) {
          wrong.push(
            `${route.method} ${url} (${'authorization' in headers ? 'bad token' : 'no token'}): ${response.statusCode}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 on the student routes the issue names', async () => {
    for (const url of ['/api/user?limit=abc', '/api/user?sortBy=zzz', '/api/user/mobile/abc']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ status: false, code: 401, message: messages.auth.missingToken });
    }
  });

  it('documents every guarded route as needing the bearer token (a student session on the student app routes)', () => {
    const undocumented = guardedRoutes()
      .filter(
        (route) =>
          !JSON.stringify(route.schema?.security ?? []).includes(route.studentGuard ? 'studentAuth' : 'bearerAuth'),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
  });
});

describe('shared receipts (/r/*)', () => {
  it('need no session on purpose: the token is the capability, and a wrong one gets the plain page, not a 401', async () => {
    const listed = t.app.routeTable
      .filter((route) => (route.url === '/r' || route.url.startsWith('/r/')) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(listed.sort()).toEqual([...SHARED_RECEIPT_ROUTES].sort());
    for (const url of ['/r', '/r/zzz', `/r/${'A'.repeat(43)}`, `/r/${'A'.repeat(43)}/pdf?paper=zzz`, '/r/a/b']) {
      for (const headers of [{}, { authorization: 'Bearer not-a-session-token' }]) {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(response.body, url).toContain(messages.receipts.share.unknownTitle);
      }
    }
  });
});
