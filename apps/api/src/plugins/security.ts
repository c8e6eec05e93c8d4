import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Standard security headers and a strict Content-Security-Policy for the SPA:
 * scripts only from this origin; inline styles are allowed because MUI's
 * emotion injects them at run time.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // WebAssembly (the desk's QR reader, served from here) compiles only with 'wasm-unsafe-eval'.
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
      // The SPA is served over plain HTTP on loopback by default; HSTS belongs to the TLS proxy in front.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security' },
);
