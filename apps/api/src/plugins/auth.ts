import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { messages } from '@app/shared';
import { unauthorized } from '../errors';
import { findActiveSession, findLiveSessionById, type LiveSession } from '../db/sessions.repository';
import type { Actor } from '../lib/service-context';
import { hashToken } from '../lib/tokens';

/** Who is calling: set on every request that passed `app.authenticate`. */
export type AuthContext = LiveSession;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    /** The session with this id while it lives (for links made for it, modules/files); not marked used. */
    liveSession(sessionId: string): Promise<AuthContext | undefined>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface AuthOptions {
  /** A session unused this long is refused (SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
}

/** Reads `Authorization: Bearer <token>` and finds its live session (DESIGN.md §5). */
export default fp<AuthOptions>(
  async (app, options) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header || !header.trim()) throw unauthorized(messages.auth.missingToken);
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1] || match[1].length > 200) throw unauthorized(messages.auth.invalidToken);
      const session = await findActiveSession(app.db, hashToken(match[1]), options.sessionIdleMs);
      if (!session) throw unauthorized(messages.auth.invalidToken);
      request.auth = session;
    });
    app.decorate('liveSession', (sessionId: string) => findLiveSessionById(app.db, sessionId, options.sessionIdleMs));
    // Authentication belongs in `onRequest`, before the body is parsed and validated: in a
    // later hook an anonymous caller would learn the route's rules from its 400s.
    app.addHook('onRoute', (route) => {
      for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
        if ([route[hook]].flat().includes(app.authenticate as never)) {
          throw new Error(`${route.method} ${route.url}: run app.authenticate in onRequest, not ${hook}`);
        }
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The caller's auth context on a route guarded by `app.authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(messages.auth.missingToken);
  return request.auth;
}

/** Who acts on a guarded route, as services take it: the session and the caller's address. */
export function actorOf(request: FastifyRequest): Actor {
  const { libraryId, adminId, sessionId, passwordStamp } = requireAuth(request);
  return { libraryId, adminId, sessionId, passwordStamp, ip: request.ip };
}
