import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of the SPA: scripts only from this origin; inline styles are
 * allowed because MUI's emotion injects them at run time; WebAssembly (the desk's QR reader,
 * served from here) compiles only with 'wasm-unsafe-eval'.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * Every answer's security headers: helmet's defaults (@fastify/helmet 13, helmet 8) with the
 * policy above, no HSTS (the SPA is served over plain HTTP on loopback by default; HSTS belongs
 * to the TLS proxy in front) and no Cross-Origin-Embedder-Policy. A route may replace one with
 * `reply.header` (receipts and the readable export send their own policy).
 *
 * Written out rather than set by @fastify/helmet, which rebuilt its whole middleware (the
 * policy parsed again, every header name worked out) on every request: a few per cent of every
 * answer's time in Node (issue 18, docs/performance.md). plugins/security.test.ts checks that
 * these are the headers @fastify/helmet sends with the same options.
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Standard security headers and a strict Content-Security-Policy on every answer. */
export default fp(
  async (app) => {
    // onRequest, as helmet did: set on the response before anything else runs, so every
    // answer has them, errors and 404s included, and a route's own `reply.header` wins.
    app.addHook('onRequest', (_request, reply, done) => {
      const response = reply.raw;
      for (const [name, value] of SECURITY_HEADERS) response.setHeader(name, value);
      done();
    });
  },
  { name: 'security' },
);
