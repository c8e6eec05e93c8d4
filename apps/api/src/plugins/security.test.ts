import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import securityPlugin from './security';

/** The options the app gave @fastify/helmet before its headers were written out (plugins/security.ts). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} as const;

/** Headers that say nothing about security (they differ between any two answers). */
const OTHER = new Set(['date', 'content-length', 'content-type', 'connection', 'keep-alive']);

/** A small app with `register`'s headers: a JSON answer, one that sets its own frame rule, an error, a 404. */
async function answers(register: (app: FastifyInstance) => PromiseLike<unknown>) {
  const app = Fastify();
  await register(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/framed', async (_request, reply) => reply.header('x-frame-options', 'DENY').send('page'));
  app.get('/broken', async () => {
    throw new Error('broken');
  });
  const headers = [];
  for (const url of ['/json', '/framed', '/broken', '/missing']) {
    const response = await app.inject({ url });
    headers.push(Object.fromEntries(Object.entries(response.headers).filter(([name]) => !OTHER.has(name))));
  }
  await app.close();
  return headers;
}

describe('security headers', () => {
  it('are the headers @fastify/helmet sends with the options the app gave it, on every kind of answer', async () => {
    const ours = await answers((app) => app.register(securityPlugin));
    const helmets = await answers((app) => app.register(helmet, HELMET_OPTIONS));
    expect(ours).toEqual(helmets);
    expect(ours[0]).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
    });
    expect(ours[0]!['strict-transport-security']).toBeUndefined();
    // A route's own header replaces the default one.
    expect(ours[1]!['x-frame-options']).toBe('DENY');
  });
});
