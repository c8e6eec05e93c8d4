import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '@app/shared';
import { errorEnvelope } from '../errors';

/** The landing page the web build prerenders to static HTML (apps/web/scripts/prerender.mjs). */
export const LANDING_FILE = 'landing.html';
/** The landing page in Hindi (issue 20), for a visitor whose `language` cookie says `hi`. */
export const LANDING_HI_FILE = 'landing.hi.html';
/**
 * The cookie holding the device's language choice, which the web app writes beside its local
 * storage (apps/web/src/lib/language.ts): the landing page is a static file, picked by it.
 */
export const LANGUAGE_COOKIE = 'language';
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The `language` cookie's value, when it is exactly a language's code (the first such cookie). */
export function languageCookie(header: string | string[] | undefined): 'en' | 'hi' | null {
  const value = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of value.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== LANGUAGE_COOKIE) continue;
    const language = part.slice(equals + 1).trim();
    return language === 'en' || language === 'hi' ? language : null;
  }
  return null;
}

/** The `lang` of `/?lang=…` (the landing page's links without JavaScript), when it is exactly a language's code. */
function languageQuery(url: string): 'en' | 'hi' | null {
  const query = url.indexOf('?');
  if (query < 0) return null;
  const values = new URLSearchParams(url.slice(query + 1)).getAll('lang');
  return values.length === 1 && (values[0] === 'en' || values[0] === 'hi') ? values[0] : null;
}

/** The sign-in page, prerendered the same way. */
export const LOGIN_FILE = 'login.html';
/** The student app's page (issue 15): its own entry of the same build, for /student and everything under it. */
export const STUDENT_FILE = 'student/index.html';
/** The student app's service worker; its scope is /student/, the folder it is served from. */
export const STUDENT_WORKER_FILE = 'student/sw.js';

/**
 * Serves the built web app: files from its dist folder (the build's `.br`/`.gz` copies when
 * the browser accepts them), the prerendered landing and sign-in pages for `/` and `/login`
 * (those exact paths, with any query string), and `index.html` for every other non-API path so
 * the client router shows its own screens (404 too). Inside the SPA, links to `/` and `/login`
 * still render the React routes; only a page load gets the static pages. `/student` and every path
 * under it get the student app's page (a separate bundle, installable, with its service worker).
 */
export default fp<{ root: string }>(
  async (app, { root }) => {
    const indexFile = path.join(root, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    const hasLanding = hasBuild && fs.existsSync(path.join(root, LANDING_FILE));
    const hasLandingHi = hasLanding && fs.existsSync(path.join(root, LANDING_HI_FILE));
    const hasLogin = hasBuild && fs.existsSync(path.join(root, LOGIN_FILE));
    const hasStudent = hasBuild && fs.existsSync(path.join(root, STUDENT_FILE));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          // Hashed build assets never change; everything else is revalidated.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          // Said outright, though it is the worker's own folder: the student app is scoped to /student/.
          if (filePath.endsWith(`${path.sep}${path.normalize(STUDENT_WORKER_FILE)}`)) {
            void res.header('service-worker-allowed', '/student/');
          }
        },
      });
    } else {
      app.log.warn(`No web build at ${root}: only the API is served (run npm run build)`);
    }

    const page = (file: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);
    // The landing page paints without JavaScript; the SPA takes over from its links. It comes in
    // the language the `language` cookie names (issue 20), so the answer varies with the cookie.
    // Its language links without JavaScript (`/?lang=hi`) keep the choice in that cookie and come
    // back to `/`; any other value is ignored.
    if (hasLanding) {
      app.get('/', async (request, reply) => {
        void reply.header('vary', [reply.getHeader('vary'), 'Cookie'].filter(Boolean).join(', '));
        const chosen = languageQuery(request.url);
        if (chosen) {
          return reply
            .header('cache-control', 'no-store')
            .header(
              'set-cookie',
              `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`,
            )
            .redirect('/', 303);
        }
        const hindi = hasLandingHi && languageCookie(request.headers.cookie) === 'hi';
        void reply.header('content-language', hindi ? 'hi' : 'en');
        return page(hindi ? LANDING_HI_FILE : LANDING_FILE)(request, reply);
      });
    }
    // The sign-in page is the SPA's /login route prerendered at build time; the SPA hydrates it.
    if (hasLogin) app.get('/login', page(LOGIN_FILE));

    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      // A build file that is not there (a chunk of an older release, a source map that was not
      // built) is a 404: the SPA shell in its place would reach the browser as broken JavaScript.
      const isAsset = request.url.startsWith('/assets/');
      if (!isApi && !isAsset && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
        const pathname = request.url.split(/[?#]/, 1)[0] ?? '';
        const isStudent = hasStudent && (pathname === '/student' || pathname.startsWith('/student/'));
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .sendFile(isStudent ? STUDENT_FILE : 'index.html');
      }
      const body = errorEnvelope(404, messages.validation.routeNotFound);
      return reply.status(404).send(body);
    });
  },
  { name: 'spa' },
);
