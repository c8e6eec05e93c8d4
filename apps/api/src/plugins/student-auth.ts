import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { messages } from '@app/shared';
import { unauthorized } from '../errors';
import { findActiveStudentSession, type LiveStudentSession } from '../db/student-sessions.repository';
import { hashToken } from '../lib/tokens';

/** Which student is calling: set on every request that passed `app.authenticateStudent`. */
export type StudentContext = LiveStudentSession;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The student app's guard (issue 15), for `onRequest`: a live student session's bearer
     * token, else 401. Admin tokens are refused here, as student tokens are by `app.authenticate`
     * (each kind lives in its own table).
     */
    authenticateStudent(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    student: StudentContext | null;
  }
}

/** Reads `Authorization: Bearer <token>` and finds its live student session. */
export default fp(
  async (app) => {
    app.decorateRequest('student', null);
    app.decorate('authenticateStudent', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header || !header.trim()) throw unauthorized(messages.auth.missingToken);
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match?.[1] || match[1].length > 200) throw unauthorized(messages.auth.invalidToken);
      const session = await findActiveStudentSession(app.db, hashToken(match[1]));
      if (!session) throw unauthorized(messages.auth.invalidToken);
      request.student = session;
    });
    // As with `app.authenticate`: in a later hook an anonymous caller would learn the route's rules from its 400s.
    app.addHook('onRoute', (route) => {
      for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
        if ([route[hook]].flat().includes(app.authenticateStudent as never)) {
          throw new Error(`${route.method} ${route.url}: run app.authenticateStudent in onRequest, not ${hook}`);
        }
      }
    });
  },
  { name: 'student-auth', dependencies: ['db'] },
);

/** The calling student on a route guarded by `app.authenticateStudent`. */
export function requireStudent(request: FastifyRequest): StudentContext {
  if (!request.student) throw unauthorized(messages.auth.missingToken);
  return request.student;
}
