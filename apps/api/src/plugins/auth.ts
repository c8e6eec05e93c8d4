import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { messages, rolesWith, type Ability, type Role } from '@app/shared';
import { forbidden, unauthorized } from '../errors';
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
  interface FastifyContextConfig {
    /**
     * Issue 16: the roles that may call this admin route (`allow(ability)` below). Every route
     * guarded by `app.authenticate` declares them; another role is answered 403 in `onRequest`,
     * before the body is read, so it learns no body rules.
     */
    roles?: readonly Role[];
    /**
     * The 403's text for a role not listed (the catalogue's, `messages.team`), read when a call
     * is refused, so it is in that caller's language.
     */
    forbiddenMessage?: () => string;
    /**
     * Issue 16: the route stays open to a person who must first replace a one-time password
     * (changing it, signing out, reading who they are); every other route answers them 403.
     */
    openBeforePasswordChange?: boolean;
  }
}

/** Which catalogue text a 403 of each ability gives, read when a call is refused (its caller's language). */
const FORBIDDEN_MESSAGES: Partial<Record<Ability, () => string>> = {
  team: () => messages.team.forbiddenTeam,
  settings: () => messages.team.forbiddenSettings,
  backups: () => messages.team.forbidden,
  deletes: () => messages.team.forbiddenDelete,
  'students.delete': () => messages.team.forbiddenDelete,
  'students.identity': () => messages.team.forbiddenIdentity,
  exports: () => messages.team.forbiddenExport,
  'notifications.send': () => messages.team.forbiddenBroadcast,
  manage: () => messages.team.forbiddenManage,
};

/**
 * A route's `config` naming who may call it (issue 16): `config: allow('deletes')`. The roles
 * come from the shared table (`rolesWith`), the web app hides the same things with `can`.
 */
export function allow(ability: Ability): { roles: Role[]; forbiddenMessage: () => string } {
  return {
    roles: rolesWith(ability),
    forbiddenMessage: FORBIDDEN_MESSAGES[ability] ?? (() => messages.team.forbidden),
  };
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
      const { roles, forbiddenMessage, openBeforePasswordChange } = request.routeOptions.config;
      // A route that declares no roles is refused to everyone: access is never granted by omission.
      if (!roles?.includes(session.role)) throw forbidden(forbiddenMessage?.() ?? messages.team.forbidden);
      if (session.mustChangePassword && !openBeforePasswordChange) throw forbidden(messages.team.mustChangePassword);
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
  const { libraryId, adminId, sessionId, passwordStamp, role } = requireAuth(request);
  return { libraryId, adminId, sessionId, passwordStamp, ip: request.ip, role };
}
