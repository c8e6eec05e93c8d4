import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { installLanguage } from './language';
import spaPlugin from './spa';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A web build in a temporary folder: the SPA shell, optionally the prerendered landing and sign-in pages. */
function webBuild(withStaticPages: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-test-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(root, 'assets', 'app-abc12345.js'), 'console.log(1)'.repeat(100));
  if (withStaticPages) {
    const landing = '<!doctype html><h1>Run your study library without the registers.</h1>';
    fs.writeFileSync(path.join(root, 'landing.html'), landing);
    fs.writeFileSync(path.join(root, 'landing.html.br'), zlib.brotliCompressSync(landing));
    const login = `<!doctype html><h1>${messages.login.title}</h1><form method="post"></form>`;
    fs.writeFileSync(path.join(root, 'login.html'), login);
    fs.writeFileSync(path.join(root, 'login.html.gz'), zlib.gzipSync(login));
  }
  return root;
}

async function serve(withStaticPages: boolean) {
  const app = Fastify();
  // As the app does: the request's language, so an error answers its message's code (issue 20).
  installLanguage(app);
  await app.register(spaPlugin, { root: webBuild(withStaticPages) });
  return app;
}

describe('spa plugin', () => {
  it('answers / with the prerendered landing page, Brotli-compressed when the browser accepts it', async () => {
    const app = await serve(true);
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/html');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toContain('Run your study library without the registers.');

    const compressed = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);

    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    await app.close();
  });

  it('answers exactly /login, with or without a query string, with the prerendered sign-in page', async () => {
    const app = await serve(true);
    for (const url of ['/login', '/login?next=%2Fapp', '/login?']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain(`<h1>${messages.login.title}</h1>`);
    }
    const compressed = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(compressed.rawPayload).toString()).toContain('<form method="post">');
    expect((await app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200);

    // Anything else under or beside it is the SPA's.
    for (const url of ['/login/', '/login/x', '/Login', '/loginx', '/register']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toBe('<!doctype html><div id="root"></div>');
    }
    // The page's form is sent by its script to the API; a browser without one gets the 404 envelope, not the page.
    const post = await app.inject({ method: 'POST', url: '/login', payload: 'identifier=a&password=b' });
    expect(post.statusCode).toBe(404);
    await app.close();
  });

  it('answers every other page with the SPA shell, assets as files and unknown API paths with the 404 envelope', async () => {
    const app = await serve(true);
    for (const url of ['/app/dashboard', '/no/such/page']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe('<!doctype html><div id="root"></div>');
    }
    // A query string (an ad's tracking, say) still lands on the landing page.
    expect((await app.inject({ method: 'GET', url: '/?from=ad' })).body).toContain('<h1>');

    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc12345.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const api = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      status: false,
      code: 404,
      message: messages.validation.routeNotFound,
      messageCode: 'core.validation.routeNotFound',
      errors: [],
    });
    await app.close();
  });

  it('answers a missing build file (an old chunk, a source map) with 404, never the SPA shell', async () => {
    const app = await serve(true);
    for (const url of ['/assets/app-abc12345.js.map', '/assets/gone-00000000.js', '/assets/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
    await app.close();
  });

  it('falls back to the SPA shell for / and /login when the build has no prerendered pages', async () => {
    const app = await serve(false);
    for (const url of ['/', '/login']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe('<!doctype html><div id="root"></div>');
    }
    await app.close();
  });
  it('answers /student and every path under it with the student app page, and serves its service worker uncached', async () => {
    const root = webBuild(false);
    fs.mkdirSync(path.join(root, 'student'));
    fs.writeFileSync(path.join(root, 'student', 'index.html'), '<!doctype html><title>student</title>');
    fs.writeFileSync(path.join(root, 'student', 'sw.js'), 'self.addEventListener("push", () => {});');
    const app = Fastify();
    await app.register(spaPlugin, { root });
    for (const url of ['/student', '/student/', '/student/inbox', '/student/join?x=1', '/student/pass/']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toBe('<!doctype html><title>student</title>');
    }
    // Only that prefix: the admin SPA keeps its other paths.
    for (const url of ['/students', '/studentx', '/app/student']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toBe('<!doctype html><div id="root"></div>');
    }
    const worker = await app.inject({ method: 'GET', url: '/student/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/student/');
    await app.close();
  });

  it('answers /student with the admin SPA shell when the build has no student app', async () => {
    const app = await serve(false);
    expect((await app.inject({ method: 'GET', url: '/student/' })).body).toBe('<!doctype html><div id="root"></div>');
    await app.close();
  });
});
