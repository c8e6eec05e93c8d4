import type { FastifyRequest } from 'fastify';

const REDACTED = '[redacted]';

// Paths whose last segment is a credential: a shared receipt (`/r/<token>`, its PDF too) and
// an invitation (`/api/invitations/<token>`, and its accept call).
const TOKEN_PATHS = [/^(\/r\/)[^/?#]+/, /^(\/api\/invitations\/)[^/?#]+/];
// Query parameters that are credentials: a signed file link's signature.
const SECRET_PARAMS = /([?&](?:sig|token)=)[^&#]*/g;

/** A request URL as the log may keep it: tokens in paths and signatures in queries replaced. */
export function maskUrl(url: string): string {
  let masked = url;
  for (const pattern of TOKEN_PATHS) masked = masked.replace(pattern, `$1${REDACTED}`);
  return masked.replace(SECRET_PARAMS, `$1${REDACTED}`);
}

/**
 * Pino serializers for the server's log (LOG_REDACT covers headers and bodies): Fastify's own
 * request fields, with the URL masked, so a log line never carries a link that opens something.
 */
export const LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: maskUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
