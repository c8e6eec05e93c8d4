import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import spaPlugin from './spa';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** A web build in a temporary folder: the SPA shell, optionally the prerendered landing page. */
function webBuild(withLanding: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-test-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(root, 'assets', 'app-abc12345.js'), 'console.log(1)'.repeat(100));
  if (withLanding) {
    const landing = '<!doctype html><h1>Run your study library without the registers.</h1>';
    fs.writeFileSync(path.join(root, 'landing.html'), landing);
    fs.writeFileSync(path.join(root, 'landing.html.br'), zlib.brotliCompressSync(landing));
  }
  return root;
}

async function serve(withLanding: boolean) {
  const app = Fastify();
  await app.register(spaPlugin, { root: webBuild(withLanding) });
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

  it('answers every other page with the SPA shell, assets as files and unknown API paths with the 404 envelope', async () => {
    const app = await serve(true);
    for (const url of ['/login', '/app/dashboard', '/no/such/page']) {
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
    expect(api.json()).toEqual({ status: false, code: 404, message: messages.validation.routeNotFound, errors: [] });
    await app.close();
  });

  it('falls back to the SPA shell for / when the build has no prerendered landing page', async () => {
    const app = await serve(false);
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<!doctype html><div id="root"></div>');
    await app.close();
  });
});
