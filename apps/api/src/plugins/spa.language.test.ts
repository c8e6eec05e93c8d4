import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installLanguage } from './language';
import spaPlugin, { languageCookie } from './spa';

// The landing page in the visitor's language (issue 20): the web build prerenders it in English
// (landing.html) and in Hindi (landing.hi.html); the `language` cookie picks one.
const ENGLISH = '<!doctype html><html lang="en"><h1>Run your study library without the registers.</h1></html>';
const HINDI = '<!doctype html><html lang="hi"><h1>रजिस्टरों के बिना अपनी स्टडी लाइब्रेरी चलाएँ।</h1></html>';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-language-test-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [file, html] of [
    ['landing.html', ENGLISH],
    ['landing.hi.html', HINDI],
  ] as const) {
    fs.writeFileSync(path.join(root, file), html);
    fs.writeFileSync(path.join(root, `${file}.br`), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(root, `${file}.gz`), zlib.gzipSync(html));
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function serve() {
  const app = Fastify();
  installLanguage(app);
  await app.register(spaPlugin, { root });
  return app;
}

const varies = (vary: unknown) =>
  String(vary)
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('the landing page in the language the cookie names', () => {
  it('answers the Hindi page for `language=hi`, compressed as the English one, varying with the cookie', async () => {
    const app = await serve();
    for (const cookie of ['language=hi', 'theme=dark; language=hi', 'a=1;language=hi ;b=2']) {
      const page = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
      expect(page.statusCode, cookie).toBe(200);
      expect(page.body, cookie).toBe(HINDI);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-language']).toBe('hi');
      expect(varies(page.headers.vary)).toContain('cookie');
    }
    const br = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'language=hi', 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(HINDI);
    expect(varies(br.headers.vary)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    const gz = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'language=hi', 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(HINDI);
    expect((await app.inject({ method: 'HEAD', url: '/', headers: { cookie: 'language=hi' } })).statusCode).toBe(200);
    await app.close();
  });

  it('answers the English page for `language=en`, no cookie, or any other value', async () => {
    const app = await serve();
    const cookies = [
      undefined,
      'language=en',
      'language=HI',
      'language=hi-IN',
      'language="hi"',
      'language=',
      'xlanguage=hi',
      'language=en; language=hi',
      'language=<script>',
      'languages=hi',
    ];
    for (const cookie of cookies) {
      const page = await app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} });
      expect(page.statusCode, cookie).toBe(200);
      expect(page.body, cookie).toBe(ENGLISH);
      expect(page.headers['cache-control'], cookie).toBe('no-cache');
      expect(page.headers['content-language'], cookie).toBe('en');
      expect(varies(page.headers.vary), cookie).toContain('cookie');
    }
    // Even when the browser asks for Hindi content: the device's choice is the cookie.
    const asked = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'hi' } });
    expect(asked.body).toBe(ENGLISH);
    await app.close();
  });

  it('keeps the choice of `/?lang=hi` or `/?lang=en` in the cookie and sends the visitor back to `/`', async () => {
    const app = await serve();
    for (const language of ['hi', 'en']) {
      const answer = await app.inject({ method: 'GET', url: `/?lang=${language}` });
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe('/');
      expect(answer.headers['cache-control']).toBe('no-store');
      const cookie = String(answer.headers['set-cookie']);
      expect(cookie).toBe(`language=${language}; Path=/; Max-Age=31536000; SameSite=Lax`);
      const next = await app.inject({ method: 'GET', url: '/', headers: { cookie: cookie.split(';')[0] } });
      expect(next.body).toBe(language === 'hi' ? HINDI : ENGLISH);
    }
    await app.close();
  });

  it("ignores any other `lang`: an attacker's value sets no cookie, no header, and redirects nowhere", async () => {
    const app = await serve();
    const urls = [
      '/?lang=<script>alert(1)</script>',
      '/?lang=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/?lang=hi%0d%0aSet-Cookie:x=1',
      '/?lang=hi%0aLocation:%20https://evil.example',
      '/?lang=hi;%20Domain=evil.example',
      '/?lang=HI',
      '/?lang=fr',
      '/?lang=',
      '/?lang',
      '/?lang=hi&lang=en',
      '/?lang[]=hi',
      '/?language=hi',
      '/?lang=hi%00',
    ];
    for (const url of urls) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['set-cookie'], url).toBeUndefined();
      expect(answer.headers.location, url).toBeUndefined();
      expect(answer.body, url).toBe(ENGLISH);
      for (const [name, value] of Object.entries(answer.headers)) {
        expect(String(value), `${url} ${name}`).not.toMatch(/script|evil|x=1/i);
      }
    }
    // Not on other paths: the SPA's routes keep their query strings to themselves.
    const login = await app.inject({ method: 'GET', url: '/register?lang=hi' });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    await app.close();
  });

  it('reads the cookie strictly', () => {
    expect(languageCookie('language=hi')).toBe('hi');
    expect(languageCookie(' language = en ')).toBe('en');
    expect(languageCookie(['a=1', 'language=hi'])).toBe('hi');
    for (const header of [undefined, '', 'language', 'language=hindi', 'language=hi\r\nx', 'lang=hi']) {
      expect(languageCookie(header), String(header)).toBeNull();
    }
  });
});

describe('a build without the Hindi page', () => {
  it('answers the English page whatever the cookie', async () => {
    const english = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-language-test-'));
    try {
      fs.writeFileSync(path.join(english, 'index.html'), '<!doctype html><div id="root"></div>');
      fs.writeFileSync(path.join(english, 'landing.html'), ENGLISH);
      const app = Fastify();
      installLanguage(app);
      await app.register(spaPlugin, { root: english });
      const page = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'language=hi' } });
      expect(page.body).toBe(ENGLISH);
      await app.close();
    } finally {
      fs.rmSync(english, { recursive: true, force: true });
    }
  });
});
