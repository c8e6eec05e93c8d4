import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from './test/helpers';

const t = useTestApp();

describe('the API foundation', () => {
  it('answers /api/health once the database is reachable', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, data: { database: 'up' } });
  });

  it('tells liveness from readiness', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.json()).toMatchObject({ status: true });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: true, data: { database: 'up' } });
  });

  it('is not ready once the database is gone, while still alive', async () => {
    const lonely = await buildTestApp();
    await lonely.pool.end();
    const ready = await lonely.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: false, message: 'Database unreachable', data: { database: 'down' } });
    expect((await lonely.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    await lonely.app.close();
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const response = await t.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: false,
      code: 404,
      message: 'Route not found',
      messageCode: 'core.validation.routeNotFound',
      errors: [],
    });
  });

  it('sends security headers and a strict CSP', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes an OpenAPI document generated from the shared schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const register = doc.paths['/api/auth/register/library'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['library_name', 'owner_email', 'password']),
    );
    expect(doc.paths['/api/admin/update-admin-profile'].put).toBeDefined();
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('never leaks a stack trace, even on odd URLs', async () => {
    for (const url of ['/api/%E0%A4%A', '/api/area/%E0%A4%A']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ status: false, code: 400 });
    }
    const traversal = await t.app.inject({ url: '/api/health/../../etc/passwd' });
    expect(traversal.statusCode).toBeLessThan(500);
    expect(traversal.body).not.toContain('root:');
  });
});

describe('values PostgreSQL cannot store', () => {
  const t2 = useTestApp();

  it('answers 400, never 500, to a NUL character in a body, a path or a query', async () => {
    const body = await t2.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":"a\\u0000@example.com","password":"secret123"}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ status: false, code: 400 });
    for (const url of ['/api/area?search=%00', '/api/user/%00', '/api/fee?search=a%00b']) {
      const response = await t2.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
    }
  });
});
