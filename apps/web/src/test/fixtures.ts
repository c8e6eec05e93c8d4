import { vi } from 'vitest';
import type { AdminSession } from '@app/shared';

export const fakeSession: AdminSession = {
  id: '3f0c1a52-9b1e-4d7f-8a55-0c2a6b1d9e01',
  name: 'Priya Sharma',
  email: 'priya@gyandeep.in',
  phone: '9876543210',
  profileImage: null,
  library: { id: '8d2b7c1e-5a43-4f6e-9c0d-1b2a3c4d5e6f', name: 'Gyan Deep Library', timeZone: 'Asia/Kolkata' },
  role: 'owner',
  mustChangePassword: false,
  language: 'en',
  token: 'test-token-123',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

export function storeSession(session: AdminSession = fakeSession): void {
  window.localStorage.setItem('admin', JSON.stringify(session));
}

/** A JSON Response as the API would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const { token: _token, expiresAt: _expiresAt, ...fakeAdmin } = fakeSession;

/** The stored session's person as the server would answer them (a desk session stays desk). */
function storedAdmin(): typeof fakeAdmin | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem('admin') ?? 'null') as AdminSession | null;
    if (!stored) return null;
    const { token: _t, expiresAt: _e, ...admin } = stored;
    return admin;
  } catch {
    return null;
  }
}

/**
 * Puts `handler` in place of fetch, except for the shell's session check
 * (`GET /api/auth/me`), which answers the stored person; returns `handler` so a test can
 * inspect the calls it cares about.
 */
export function stubFetch<T extends typeof fetch>(handler: T): T {
  const wrapper = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url, 'http://localhost').pathname === '/api/auth/me') {
      return jsonResponse({ status: true, message: 'OK', data: storedAdmin() ?? fakeAdmin });
    }
    return handler(input, init);
  }) as typeof fetch;
  vi.stubGlobal('fetch', wrapper);
  return handler;
}

/** Answers one API call: a handler of `serve`. */
export type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Answers the API by method and path (`'GET /api/area'`), 404 for any other call, and
 * records every request but the shell's session check, in order.
 */
export function serve(handlers: Record<string, Handler>): Request[] {
  const requests: Request[] = [];
  stubFetch(
    vi.fn<typeof fetch>(async (input) => {
      const request = input as Request;
      requests.push(request.clone());
      const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
      if (!handler) return jsonResponse({ status: false, code: 404, message: 'Not found', errors: [] }, 404);
      return handler(request);
    }),
  );
  return requests;
}
